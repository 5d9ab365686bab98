/**
 * Demo content (001 §2–§4): for Demo Academy (authored by instructor@demo.test, the
 * creator) and as general content (authored by admin@demo.test), interviews with two roles (with
 * avatars) and five or six Open questions — the first four with real mp3 prompts in two voices —,
 * rating scales (Rating questions with four options) and feedback forms (Open, Single, Multiple),
 * in every status: Draft, Review, Active, Inactive and Deleted. An Active interview, rating scale
 * and feedback form of each owner is assignable to Demo Academy (the general ones are added to it).
 *
 * The prompts in `fixtures/audio/` were made once with espeak-ng and ffmpeg, e.g.
 * `espeak-ng -v en-us+m3 -s 150 -w q.wav "Tell me about yourself." && ffmpeg -i q.wav
 * -codec:a libmp3lame -b:a 32k -ac 1 -map_metadata -1 q.mp3` (voice a: en-us+m3, voice b:
 * en-gb+f3); each is about 10 KB. They are stored through the storage driver as Ready audio files.
 *
 * Runs after the assets seed (roles use its avatars). Idempotent: a database that already has any
 * content keeps its content; without a storage driver (tests, unless they pass the app's) nothing
 * is seeded, as for the assets.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import {
  AssetType,
  ContentStatus,
  ContentType,
  MediaType,
  QuestionType,
  audioMaxBytes,
  format,
  type ContentTypeId,
  type ItemStatusId,
  type QuestionTypeId,
} from '@practica/contract';
import { loadConfig } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import {
  FileStatus,
  assets,
  contentOrganizations,
  contents,
  files,
  interviewRoles,
  organizations,
  questionAudios,
  questionOptions,
  questions,
  users,
} from '../db/schema/index.js';
import { serverRoot } from '../lib/paths.js';
import { createStorage, newStorageKey, type StorageDriver } from '../lib/storage/index.js';
import { availableTo } from '../modules/assets/index.js';

/** Folder of the committed mp3 prompts (read from the source tree, also by the bundled server). */
export const demoAudioDir = path.join(serverRoot, 'src', 'seed', 'fixtures', 'audio');

const demoOrganizationName = 'Demo Academy';
const creatorEmail = 'instructor@demo.test';
const adminEmail = 'admin@demo.test';
const dayMs = 24 * 60 * 60 * 1000;

/** An interview question: its text and, when it has prompts, the fixture stem (`<stem>-a.mp3`, `<stem>-b.mp3`). */
interface SeedInterviewQuestion {
  text: string;
  audio?: string;
}

/** The interview questions, in order; the first four have mp3 prompts. */
export const demoInterviewQuestions: readonly SeedInterviewQuestion[] = [
  { text: 'Tell me about yourself.', audio: 'tell-me-about-yourself' },
  { text: 'Why do you want to work here?', audio: 'why-work-here' },
  { text: 'Describe a time you solved a difficult problem.', audio: 'difficult-problem' },
  { text: 'How do you handle feedback from a manager?', audio: 'handle-feedback' },
  { text: 'Where do you see yourself in five years?' },
  { text: 'Do you have any questions for us?' },
];

interface SeedQuestion {
  text: string;
  description?: string;
  questionTypeId: QuestionTypeId;
  options?: string[];
}

const ratingOptions = ['Poor', 'Fair', 'Good', 'Excellent'];

/** Rating scale questions: Rating only (001 §5), four options each (001 §5 default count). */
export const demoRatingQuestions: readonly SeedQuestion[] = [
  { text: 'Clarity of answers', questionTypeId: QuestionType.Rating, options: ratingOptions },
  { text: 'Confidence', questionTypeId: QuestionType.Rating, options: ratingOptions },
  { text: 'Structure of answers', questionTypeId: QuestionType.Rating, options: ratingOptions },
  {
    text: 'Eye contact and body language',
    questionTypeId: QuestionType.Rating,
    options: ratingOptions,
  },
];

/** Feedback questions: every allowed type (Open, Single, Multiple; 001 §5). */
export const demoFeedbackQuestions: readonly SeedQuestion[] = [
  { text: 'What did the trainee do well?', questionTypeId: QuestionType.Open },
  {
    text: 'Would you recommend the trainee for the next round?',
    questionTypeId: QuestionType.Single,
    options: ['Yes', 'No'],
  },
  {
    text: 'Which areas need more practice?',
    questionTypeId: QuestionType.Multiple,
    options: ['Preparation', 'Clarity', 'Confidence', 'Examples'],
  },
  {
    text: 'Any other comments?',
    description: 'Anything the trainee should know before the next session.',
    questionTypeId: QuestionType.Open,
  },
];

interface SeedContent {
  name: string;
  description: string;
  contentTypeId: ContentTypeId;
  statusId: ItemStatusId;
  /** General items only: added to Demo Academy. */
  addToDemo?: boolean;
  /** Interviews: the role names (two), each spoken by one avatar. */
  roles?: [string, string];
}

const S = ContentStatus;
const I = ContentType.Interview;
const R = ContentType.RatingScale;
const F = ContentType.Feedback;

/** Demo Academy's own content, by instructor@demo.test. */
export const demoAcademyContents: readonly SeedContent[] = [
  {
    name: 'Customer support interview',
    description: 'A first interview for the customer support desk.',
    contentTypeId: I,
    statusId: S.Active,
    roles: ['Hiring manager', 'Team lead'],
  },
  {
    name: 'Junior developer interview',
    description: 'Questions for candidates to the junior developer programme.',
    contentTypeId: I,
    statusId: S.Review,
    roles: ['Engineering manager', 'Senior developer'],
  },
  {
    name: 'Sales associate interview',
    description: 'A practice round for the sales floor.',
    contentTypeId: I,
    statusId: S.Draft,
    roles: ['Store manager', 'Sales lead'],
  },
  {
    name: 'Retail team interview',
    description: 'The retail interview of last season.',
    contentTypeId: I,
    statusId: S.Inactive,
    roles: ['Area manager', 'Shift supervisor'],
  },
  {
    name: 'Old onboarding interview',
    description: 'Replaced by the customer support interview.',
    contentTypeId: I,
    statusId: S.Deleted,
    roles: ['Recruiter', 'Buddy'],
  },
  {
    name: 'Communication rating',
    description: 'How clearly the trainee communicates.',
    contentTypeId: R,
    statusId: S.Active,
  },
  {
    name: 'Presentation rating',
    description: 'How the trainee presents themselves.',
    contentTypeId: R,
    statusId: S.Review,
  },
  {
    name: 'Technical rating',
    description: 'Depth of technical answers.',
    contentTypeId: R,
    statusId: S.Draft,
  },
  {
    name: 'Teamwork rating',
    description: 'How the trainee speaks about working with others.',
    contentTypeId: R,
    statusId: S.Inactive,
  },
  {
    name: 'Old rating scale',
    description: 'Replaced by the communication rating.',
    contentTypeId: R,
    statusId: S.Deleted,
  },
  {
    name: 'Interview feedback form',
    description: 'Feedback for the trainee after a practice interview.',
    contentTypeId: F,
    statusId: S.Active,
  },
  {
    name: 'Coaching feedback form',
    description: 'Notes for the next coaching session.',
    contentTypeId: F,
    statusId: S.Review,
  },
  {
    name: 'Peer feedback form',
    description: 'Feedback from a fellow trainee.',
    contentTypeId: F,
    statusId: S.Draft,
  },
  {
    name: 'Workshop feedback form',
    description: 'Feedback on the spring workshop.',
    contentTypeId: F,
    statusId: S.Inactive,
  },
  {
    name: 'Old feedback form',
    description: 'Replaced by the interview feedback form.',
    contentTypeId: F,
    statusId: S.Deleted,
  },
];

/** General content, by admin@demo.test; the Active ones (and one Inactive) added to Demo Academy. */
export const generalContents: readonly SeedContent[] = [
  {
    name: 'Behavioural interview essentials',
    description: 'Classic behavioural questions every candidate should practise.',
    contentTypeId: I,
    statusId: S.Active,
    addToDemo: true,
    roles: ['Interviewer', 'Observer'],
  },
  {
    name: 'Leadership interview',
    description: 'Questions for team lead and manager roles.',
    contentTypeId: I,
    statusId: S.Active,
    roles: ['Director', 'HR partner'],
  },
  {
    name: 'Graduate scheme interview',
    description: 'A first interview for graduates.',
    contentTypeId: I,
    statusId: S.Review,
    roles: ['Recruiter', 'Graduate mentor'],
  },
  {
    name: 'Internship interview',
    description: 'Short questions for interns.',
    contentTypeId: I,
    statusId: S.Draft,
    roles: ['Mentor', 'Team member'],
  },
  {
    name: 'Call centre interview',
    description: 'Questions for call centre agents.',
    contentTypeId: I,
    statusId: S.Inactive,
    addToDemo: true,
    roles: ['Supervisor', 'Quality coach'],
  },
  {
    name: 'Legacy screening interview',
    description: 'The old phone screening.',
    contentTypeId: I,
    statusId: S.Deleted,
    roles: ['Screener', 'Recruiter'],
  },
  {
    name: 'Interview performance scale',
    description: 'The standard rating of a practice interview.',
    contentTypeId: R,
    statusId: S.Active,
    addToDemo: true,
  },
  {
    name: 'Soft skills scale',
    description: 'Listening, empathy and tone.',
    contentTypeId: R,
    statusId: S.Review,
  },
  {
    name: 'Negotiation scale',
    description: 'For sales and procurement roles.',
    contentTypeId: R,
    statusId: S.Draft,
  },
  {
    name: 'Phone manner scale',
    description: 'How the trainee sounds on the phone.',
    contentTypeId: R,
    statusId: S.Inactive,
  },
  {
    name: 'Legacy rating scale',
    description: 'The old five-point rating.',
    contentTypeId: R,
    statusId: S.Deleted,
  },
  {
    name: 'General feedback form',
    description: 'The standard feedback after a practice interview.',
    contentTypeId: F,
    statusId: S.Active,
    addToDemo: true,
  },
  {
    name: 'Mentor feedback form',
    description: 'Feedback from a mentor.',
    contentTypeId: F,
    statusId: S.Review,
  },
  {
    name: 'Self-assessment form',
    description: 'The trainee looks back on the session.',
    contentTypeId: F,
    statusId: S.Draft,
  },
  {
    name: 'Event feedback form',
    description: 'Feedback on a recruiting event.',
    contentTypeId: F,
    statusId: S.Inactive,
  },
  {
    name: 'Legacy feedback form',
    description: 'The old feedback form.',
    contentTypeId: F,
    statusId: S.Deleted,
  },
];

/**
 * The driver the seed stores the prompts with when the caller gives none: the configured storage
 * (the local disk of DATA_DIR, or the S3 bucket), the one `filesPlugin` serves from (main.ts seeds before the app exists).
 * None under NODE_ENV=test or with DATA_DIR=memory:// (the app then has a temporary storage of its
 * own: tests pass `app.files.storage`). Same rule as the assets seed.
 */
function configuredStorage(): StorageDriver | null {
  if (process.env['NODE_ENV'] === 'test') return null;
  const { dataDir, storage } = loadConfig();
  return dataDir === 'memory://' ? null : createStorage(storage, dataDir);
}

/**
 * Seeds the demo content unless the database has any content (see the file comment). `storage`
 * receives the mp3 prompts (default: the configured DATA_DIR's disk; nothing is seeded without
 * one). Prompts are stored first; the rows go in one transaction, and the stored prompts are removed
 * again if it fails. Returns true when it seeded.
 */
export async function seedContents(db: Db, storage?: StorageDriver): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(contents);
  if ((existing?.n ?? 0) > 0) return false;
  const driver = storage ?? configuredStorage();
  if (!driver) return false;
  try {
    return await seedWith(db, driver);
  } finally {
    if (!storage) await driver.close?.();
  }
}

/** The stems of the mp3 fixtures used by the interviews (each in voices a and b). */
const audioStems = demoInterviewQuestions
  .map((q) => q.audio)
  .filter((s): s is string => s !== undefined);

interface Owner {
  key: 'demo' | 'general';
  organizationId: number | null;
  authorId: number | null;
  avatarIds: number[];
}

async function seedWith(db: Db, storage: StorageDriver): Promise<boolean> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [creatorEmail, adminEmail]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id ?? null;
  const [demo] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganizationName))
    .limit(1);
  const avatarsOf = async (organizationId: number | null) =>
    (
      await db
        .select({ id: assets.id })
        .from(assets)
        .where(
          and(
            eq(assets.assetTypeId, AssetType.Avatar),
            organizationId === null ? isNull(assets.organizationId) : availableTo(organizationId),
          ),
        )
        .orderBy(asc(assets.id))
    ).map((a) => a.id);

  const owners: Owner[] = [
    {
      key: 'general',
      organizationId: null,
      authorId: idOf(adminEmail),
      avatarIds: await avatarsOf(null),
    },
  ];
  if (demo) {
    owners.unshift({
      key: 'demo',
      organizationId: demo.id,
      authorId: idOf(creatorEmail),
      avatarIds: await avatarsOf(demo.id),
    });
  }

  // Store the prompts once per owner (each owner's files belong to its author and organization).
  const stored: { owner: Owner['key']; file: string; key: string; size: number }[] = [];
  try {
    for (const owner of owners) {
      for (const stem of audioStems) {
        for (const voice of ['a', 'b']) {
          const file = `${stem}-${voice}.mp3`;
          const bytes = await readFile(path.join(demoAudioDir, file));
          const key = newStorageKey('mp3');
          const { size } = await storage.put(key, Readable.from([bytes]), audioMaxBytes);
          stored.push({ owner: owner.key, file, key, size });
        }
      }
    }
    await db.transaction(async (tx) => {
      for (const owner of owners) {
        const audioIds = await insertAudioFiles(
          tx,
          owner,
          stored.filter((s) => s.owner === owner.key),
        );
        const items = owner.key === 'demo' ? demoAcademyContents : generalContents;
        await insertItems(tx, owner, items, audioIds, demo?.id);
      }
    });
  } catch (error) {
    for (const { key } of stored) await storage.delete(key).catch(() => {});
    throw error;
  }
  return true;
}

/** Inserts the Ready audio file rows of an owner; answers their ids by fixture file name. */
async function insertAudioFiles(
  tx: Tx,
  owner: Owner,
  stored: { file: string; key: string; size: number }[],
): Promise<Map<string, number>> {
  const now = new Date();
  const rows = await tx
    .insert(files)
    .values(
      stored.map(({ file, key, size }) => ({
        storageKey: key,
        name: file,
        extension: 'mp3',
        fileTypeId: MediaType.Audio,
        contentType: 'audio/mpeg',
        declaredSize: size,
        size,
        status: FileStatus.Ready,
        createdById: owner.authorId,
        organizationId: owner.organizationId,
        completedAt: now,
      })),
    )
    .returning({ id: files.id, name: files.name });
  return new Map(rows.map((r) => [r.name, r.id]));
}

/**
 * Inserts an owner's content items with their roles, questions, options and audio rows, a handful
 * of multi-row statements in all (one per table) rather than several per item: the ids come out
 * in the same order as item by item, so a fresh embedded start makes a few round trips, not
 * hundreds.
 */
async function insertItems(
  tx: Tx,
  owner: Owner,
  items: readonly SeedContent[],
  audioIds: Map<string, number>,
  demoId: number | undefined,
): Promise<void> {
  if (items.length === 0) return;
  const now = Date.now();
  // The lists show the most recently edited first: the seed's first item is the newest.
  const plans = items.map((item, index) => ({
    item,
    index,
    when: new Date(now - (index + 1) * dayMs),
  }));
  const created = await tx
    .insert(contents)
    .values(
      plans.map(({ item, when }) => ({
        name: item.name,
        description: item.description,
        contentTypeId: item.contentTypeId,
        statusId: item.statusId,
        organizationId: owner.organizationId,
        createdById: owner.authorId,
        updatedById: owner.authorId,
        createdAt: when,
        updatedAt: when,
      })),
    )
    .returning({ id: contents.id });
  const withIds = plans.map((plan, i) => ({ ...plan, contentId: created[i]!.id }));

  if (owner.organizationId === null && demoId !== undefined) {
    const links = withIds
      .filter(({ item }) => item.addToDemo)
      .map(({ contentId }) => ({ contentId, organizationId: demoId }));
    if (links.length > 0) await tx.insert(contentOrganizations).values(links);
  }

  // Interviews: two roles with distinct avatars each, in item order.
  const avatars = owner.avatarIds;
  const avatarAt = (index: number, i: number) =>
    avatars.length > 0 ? avatars[(index * 2 + i) % avatars.length]! : null;
  const interviews = withIds.filter(({ item }) => item.contentTypeId === ContentType.Interview);
  const roleRows = interviews.flatMap(({ item, index, contentId }) =>
    (item.roles ?? ['Interviewer', 'Observer']).map((name, i) => ({
      contentId,
      name,
      avatarId: avatarAt(index, i),
      position: i,
    })),
  );
  const roleIds =
    roleRows.length > 0
      ? await tx
          .insert(interviewRoles)
          .values(roleRows)
          .returning({ id: interviewRoles.id, avatarId: interviewRoles.avatarId })
      : [];
  const rolesOf = new Map<number, { id: number; avatarId: number | null }[]>();
  roleRows.forEach((row, i) => {
    const list = rolesOf.get(row.contentId) ?? [];
    list.push(roleIds[i]!);
    rolesOf.set(row.contentId, list);
  });

  // Questions of every item, in item order: an evaluation's from its list (with options); an
  // interview's five (six when Active) alternating between its roles (with audio prompts).
  type QuestionPlan = {
    row: typeof questions.$inferInsert;
    options?: string[] | undefined;
    audio?: { stem: string; avatarId: number | null; nextAvatarId: number | null };
  };
  const questionPlans = withIds.flatMap(({ item, index, contentId, when }): QuestionPlan[] => {
    if (item.contentTypeId !== ContentType.Interview) {
      const list =
        item.contentTypeId === ContentType.RatingScale
          ? demoRatingQuestions
          : demoFeedbackQuestions;
      return list.map((q, position) => ({
        row: {
          contentId,
          text: q.text,
          description: q.description ?? '',
          questionTypeId: q.questionTypeId,
          position: position + 1,
          createdAt: when,
          updatedAt: when,
        },
        options: q.options,
      }));
    }
    const roles = rolesOf.get(contentId) ?? [];
    const questionCount = item.statusId === ContentStatus.Active ? 6 : 5;
    return demoInterviewQuestions.slice(0, questionCount).map((q, position) => {
      const role = roles[position % roles.length]!;
      return {
        row: {
          contentId,
          text: q.text,
          questionTypeId: QuestionType.Open,
          interviewRoleId: role.id,
          position: position + 1,
          createdAt: when,
          updatedAt: when,
        },
        ...(q.audio
          ? {
              audio: {
                stem: q.audio,
                avatarId: role.avatarId,
                nextAvatarId: avatarAt(index, 2 + position),
              },
            }
          : {}),
      };
    });
  });
  if (questionPlans.length === 0) return;
  const questionIds = await tx
    .insert(questions)
    .values(questionPlans.map((q) => q.row))
    .returning({ id: questions.id });

  const optionRows = questionPlans.flatMap((q, i) =>
    (q.options ?? []).map((text, position) => ({
      questionId: questionIds[i]!.id,
      text: text || format.optionName(position + 1),
      position,
    })),
  );
  if (optionRows.length > 0) await tx.insert(questionOptions).values(optionRows);

  // Voice a spoken by the role's avatar; voice b by the next avatar (distinct per question).
  const audioRows = questionPlans.flatMap((q, i) => {
    if (!q.audio) return [];
    const rows = [
      { audioId: audioIds.get(`${q.audio.stem}-a.mp3`), avatarId: q.audio.avatarId },
      { audioId: audioIds.get(`${q.audio.stem}-b.mp3`), avatarId: q.audio.nextAvatarId },
    ].filter((r): r is { audioId: number; avatarId: number | null } => r.audioId !== undefined);
    return rows.map((r, position) => ({
      questionId: questionIds[i]!.id,
      audioId: r.audioId,
      avatarId:
        position > 0 && r.avatarId !== null && r.avatarId === rows[0]!.avatarId ? null : r.avatarId,
      position,
    }));
  });
  if (audioRows.length > 0) await tx.insert(questionAudios).values(audioRows);
}
