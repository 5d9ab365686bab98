/**
 * Content authoring (001 §2, §3, §4, §5, §7 '/interviews', '/questionnaires', '/questions',
 * '/contents'; decisions.md#content): interviews (content type 1), rating scales (2) and feedback
 * forms (3) — the latter two are evaluations, also called questionnaires. The forms and bodies the
 * console sends, the queries of the lists, the state machine of 001 §4, the question-type rules of
 * 001 §5 and the shapes the API answers.
 */
import { z } from 'zod';
import {
  contentDescriptionMaxLength,
  contentNameMaxLength,
  maxAudiosPerQuestion,
  maxOptionsPerQuestion,
  maxRolesPerInterview,
  minRolesPerInterview,
  questionTextMaxLength,
  returnReasonMaxLength,
} from '../constants';
import {
  ContentStatus,
  ContentType,
  Ownership,
  QuestionType,
  Scope,
  contentTypeLabels,
  type ContentStatusId,
  type ContentTypeId,
  type QuestionTypeId,
} from '../enums';
import { format, messages } from '../messages';
import type { OperationAction } from '../policy/actions';
import {
  enumParamSchema,
  idSchema,
  imageRefSchema,
  isoDateTimeSchema,
  optionalText,
  pageQuerySchema,
  requiredMultilineText,
  requiredText,
  searchSchema,
  wholeNumber,
  wholeNumberList,
} from './common';

// ---------------------------------------------------------------------------
// Enumerations as schemas
// ---------------------------------------------------------------------------

/** 001 §3: content types in id order (Interview 1, Rating scales 2, Feedback 3). */
export const contentTypeIds = [
  ContentType.Interview,
  ContentType.RatingScale,
  ContentType.Feedback,
] as const satisfies readonly ContentTypeId[];
/** 001 §1: the evaluation (questionnaire) types, Rating scales 2 and Feedback 3. */
export const evaluationTypeIds = [
  ContentType.RatingScale,
  ContentType.Feedback,
] as const satisfies readonly ContentTypeId[];
export type EvaluationTypeId = (typeof evaluationTypeIds)[number];
/** 001 §3: the statuses an item can have (Draft 1 … Deleted 5; All 6 is a filter only). */
export const contentStatusIds = [
  ContentStatus.Draft,
  ContentStatus.Review,
  ContentStatus.Active,
  ContentStatus.Inactive,
  ContentStatus.Deleted,
] as const satisfies readonly ContentStatusId[];
export type ItemStatusId = (typeof contentStatusIds)[number];
/** 001 §3: question types in id order (Open 1 … Rank/Order 5). */
export const questionTypeIds = [
  QuestionType.Open,
  QuestionType.Single,
  QuestionType.Multiple,
  QuestionType.Rating,
  QuestionType.Rank,
] as const satisfies readonly QuestionTypeId[];

/** A content type from a path or query string: '1', '2' or '3' (400 otherwise). */
export const contentTypeIdSchema = wholeNumber(messages.validationFailed).pipe(
  z.literal(contentTypeIds, { error: messages.validationFailed }),
);

/** An evaluation type from a path or query string: '2' Rating scales or '3' Feedback (400 otherwise). */
export const evaluationTypeIdSchema = wholeNumber(messages.validationFailed).pipe(
  z.literal(evaluationTypeIds, { error: messages.validationFailed }),
);

/** The target of PUT /contents/{id}/status?statusId=: 1..5 (All 6 is not a status; 400 otherwise). */
export const contentStatusIdSchema = wholeNumber(messages.validationFailed).pipe(
  z.literal(contentStatusIds, { error: messages.validationFailed }),
);

/**
 * The `status` filter of the lists: one ContentStatus id (1..6, 6 = All), or several joined by
 * commas (`status=1,2`: Draft and Review). Absent or containing All: every status but Deleted.
 */
export const contentStatusFilterSchema = wholeNumberList(
  z.literal([...contentStatusIds, ContentStatus.All], { error: messages.validationFailed }),
);

/**
 * 001 §3 'ownership' as the `authoring` filter: All 0, Authored 1, Assigned 2, or as the words of
 * 001 §7 (`all`, `authored`, `assigned`).
 */
export const ownershipSchema = enumParamSchema(
  [Ownership.All, Ownership.Authored, Ownership.Assigned],
  { all: Ownership.All, authored: Ownership.Authored, assigned: Ownership.Assigned },
);

/** 001 §3 'list scope' as the `scope` filter: General 0, Organization 1, Assignable 2. */
export const scopeSchema = wholeNumber(messages.validationFailed).pipe(
  z.literal([Scope.General, Scope.Organization, Scope.Assignable], {
    error: messages.validationFailed,
  }),
);

/** A question type id in a body: 1..5 (400 otherwise). */
export const questionTypeIdSchema = z.literal(questionTypeIds, {
  error: messages.validationFailed,
});

// ---------------------------------------------------------------------------
// Rules of 001 §4 and §5, shared by the server's checks and the console's controls
// ---------------------------------------------------------------------------

/**
 * 001 §5 'Question type by content': interview questions are Open only; rating questions Rating
 * only; feedback allows all except Rating and Ranking.
 */
export const allowedQuestionTypes: Readonly<Record<ContentTypeId, readonly QuestionTypeId[]>> = {
  [ContentType.Interview]: [QuestionType.Open],
  [ContentType.RatingScale]: [QuestionType.Rating],
  [ContentType.Feedback]: [QuestionType.Open, QuestionType.Single, QuestionType.Multiple],
};

/** True when a question of `questionTypeId` may belong to content of `contentTypeId` (001 §5). */
export function isQuestionTypeAllowed(contentTypeId: ContentTypeId, questionTypeId: number) {
  return (allowedQuestionTypes[contentTypeId] as readonly number[]).includes(questionTypeId);
}

/** 001 §5: single, multiple and ranking questions need at least one option. */
export function questionTypeNeedsOptions(questionTypeId: number): boolean {
  return (
    questionTypeId === QuestionType.Single ||
    questionTypeId === QuestionType.Multiple ||
    questionTypeId === QuestionType.Rank
  );
}

/** 001 §5: whether a question of this type carries options at all (every type but Open). */
export function questionTypeHasOptions(questionTypeId: number): boolean {
  return questionTypeId !== QuestionType.Open;
}

/** True for the evaluation (questionnaire) types, Rating scales and Feedback. */
export function isEvaluationType(contentTypeId: number): contentTypeId is EvaluationTypeId {
  return contentTypeId === ContentType.RatingScale || contentTypeId === ContentType.Feedback;
}

/**
 * One allowed status change of 001 §4 / decisions.md#content and the policy actions that permit
 * it (any one of them suffices). Every pair not listed is refused with 'This status change is not
 * allowed.'.
 */
export interface ContentTransition {
  from: ItemStatusId;
  to: ItemStatusId;
  actions: readonly OperationAction[];
}

/**
 * 001 §4, exactly:
 * - Draft → Review: the Submit button of a creator (needs a question and the checks of §5);
 * - Review → Draft: 'Edit' or 'Return draft', by a creator or a reviewer (Admin, Manager);
 * - Review → Active: 'Approve', Admin or Manager;
 * - Active ⇄ Inactive: an Admin, or the manager or a creator of the item's organization;
 * - Inactive → Deleted: an Admin (trash icon);
 * - Active → Draft (decisions.md: return to Draft to change an Active item), by a creator, refused
 *   while an Active assignment uses it.
 */
export const contentTransitions: readonly ContentTransition[] = [
  { from: ContentStatus.Draft, to: ContentStatus.Review, actions: ['content:author'] },
  {
    from: ContentStatus.Review,
    to: ContentStatus.Draft,
    actions: ['content:author', 'content:approve'],
  },
  { from: ContentStatus.Review, to: ContentStatus.Active, actions: ['content:approve'] },
  { from: ContentStatus.Active, to: ContentStatus.Inactive, actions: ['content:toggleActive'] },
  { from: ContentStatus.Inactive, to: ContentStatus.Active, actions: ['content:toggleActive'] },
  { from: ContentStatus.Inactive, to: ContentStatus.Deleted, actions: ['content:markDeleted'] },
  { from: ContentStatus.Active, to: ContentStatus.Draft, actions: ['content:author'] },
];

/** The transition from `from` to `to` of 001 §4, or undefined when the change is not allowed. */
export function findContentTransition(from: number, to: number): ContentTransition | undefined {
  return contentTransitions.find((t) => t.from === from && t.to === to);
}

/** 001 §8: the success message of adding content of `contentTypeId` to an organization. */
export function contentAddedMessage(contentTypeId: ContentTypeId): string {
  return contentTypeId === ContentType.Interview
    ? messages.interviewAddedToOrganization
    : format.assetAddedToOrganization(contentTypeLabels[contentTypeId]);
}

/** 001 §8: the success message of removing content of `contentTypeId` from an organization. */
export function contentRemovedMessage(contentTypeId: ContentTypeId): string {
  return contentTypeId === ContentType.Interview
    ? messages.interviewRemovedFromOrganization
    : format.assetRemovedFromOrganization(contentTypeLabels[contentTypeId]);
}

// ---------------------------------------------------------------------------
// Forms and bodies
// ---------------------------------------------------------------------------

/** 001 §5: the title of an interview or evaluation, required and trimmed ('Title is required!'). */
export const contentNameSchema = requiredText(
  messages.titleRequired,
  contentNameMaxLength,
  messages.nameTooLong,
);

/** 001 §5: the description, required and trimmed ('Description is required!'). */
export const contentDescriptionSchema = requiredMultilineText(
  messages.descriptionRequired,
  contentDescriptionMaxLength,
  messages.descriptionTooLong,
);

/** An id a client may send for a row it holds: absent, null or 0 (not above 0) means a new row. */
const clientIdSchema = z
  .number({ error: messages.idInvalid })
  .int({ error: messages.idInvalid })
  .nonnegative({ error: messages.idInvalid })
  .nullish();

/** A role's name ('Role is required!' when missing or blank). */
const roleNameSchema = requiredText(
  messages.roleRequired,
  contentNameMaxLength,
  messages.nameTooLong,
);

/**
 * One role of the interview form: `id` of an existing role (absent or 0 for a new one), the name
 * ('Role is required!') and the avatar (an Avatar asset available to the organization; optional,
 * the assignment wizard picks one per role anyway), as `avatarId` (the console) or as 001 §3's
 * `avatar: {id}` (`avatarId` wins when both are sent; null clears it).
 */
export const interviewRoleFormSchema = z
  .object({
    id: clientIdSchema,
    name: roleNameSchema,
    avatarId: idSchema.nullish(),
    avatar: z.object({ id: idSchema }, { error: messages.idInvalid }).nullish(),
  })
  .transform(({ avatar, ...role }) => ({
    ...role,
    avatarId:
      role.avatarId !== undefined
        ? role.avatarId
        : avatar === undefined
          ? undefined
          : (avatar?.id ?? null),
  }));

/**
 * POST /interviews and PUT /interviews/{id} body (001 §3 'Interview form': name, description,
 * roleName, contentStatusId, roles, languageId; §5): title, description, roles (1 to 4; 'Role is
 * required!' when none). `roleName` (the form's role field) stands for the one role when `roles` is
 * absent or empty, and is ignored otherwise. The language is always English (`languageId` is
 * accepted and ignored); `contentStatusId`, when sent, must be a content status id and is ignored:
 * the status changes only through PUT /contents/{id}/status. On PUT the roles replace the
 * interview's roles: a role left out is deleted and its questions lose their role.
 */
export const interviewFormSchema = z
  .object({
    name: contentNameSchema,
    description: contentDescriptionSchema,
    roles: z
      .array(interviewRoleFormSchema, { error: messages.roleRequired })
      .max(maxRolesPerInterview, { error: messages.tooManyRoles })
      .nullish(),
    roleName: z.string({ error: messages.roleRequired }).nullish(),
    contentStatusId: contentStatusIdSchema.nullish(),
    languageId: z.unknown().optional(),
  })
  .transform(({ roleName, contentStatusId: _status, roles, ...form }, ctx) => {
    const byName = roleName?.trim() ? roleNameSchema.safeParse(roleName) : undefined;
    const given = roles?.length
      ? roles
      : byName?.success
        ? [{ id: undefined, name: byName.data, avatarId: undefined }]
        : [];
    if (given.length < minRolesPerInterview) {
      ctx.addIssue({
        code: 'custom',
        path: ['roles'],
        message: byName?.error?.issues[0]?.message ?? messages.roleRequired,
      });
      return z.NEVER;
    }
    return { ...form, roles: given };
  });
export type InterviewForm = z.infer<typeof interviewFormSchema>;

/**
 * POST /questionnaires?contentTypeId= and PUT /questionnaires/{id} body (001 §5 'Evaluation'):
 * title and description required and trimmed; the language is always English.
 */
export const evaluationFormSchema = z.object({
  name: contentNameSchema,
  description: contentDescriptionSchema,
  languageId: z.unknown().optional(),
});
export type EvaluationForm = z.infer<typeof evaluationFormSchema>;

/** One answer option: the text ('Option {n}' when blank) and `correctAnswer` (a number, default 0). */
export const questionOptionFormSchema = z.object({
  id: clientIdSchema,
  text: optionalText(messages.validationFailed, { max: questionTextMaxLength })
    .nullish()
    .transform((v) => v ?? ''),
  correctAnswer: z
    .number({ error: messages.validationFailed })
    .int({ error: messages.validationFailed })
    .min(0, { error: messages.validationFailed })
    .max(1_000_000, { error: messages.validationFailed })
    .default(0),
});

/**
 * One audio row of a question: `audioId`, the id of an uploaded mp3 (POST /files/upload with
 * fileTypeId Audio), above 0 ('Audio file missing'), and the avatar that speaks it.
 */
export const questionAudioFormSchema = z.object({
  id: clientIdSchema,
  questionId: clientIdSchema,
  audioId: z
    .number({ error: messages.audioFileMissing })
    .int({ error: messages.audioFileMissing })
    .positive({ error: messages.audioFileMissing }),
  avatarId: idSchema.nullish(),
});

/** Upper bounds of question tags (not spec limits). */
export const questionTagMaxLength = 50;
export const maxTagsPerQuestion = 20;

/**
 * POST /questions?contentId= and PUT /questions/{id}?contentId= body (001 §3 'Question', §5):
 * text required and trimmed ('Question text is required!'); description trimmed; single, multiple
 * and ranking questions need at least one option ('Question requires answer options'), at most 10;
 * blank option texts become 'Option {n}'; up to 4 audio rows, each with an audio id above 0
 * ('Audio file missing'). `interviewRoleId` is the role of an interview question. `id` and
 * `contentId` are accepted for the console's convenience: the path and query decide.
 * The type-by-content rule needs the content and is checked by the server (`allowedQuestionTypes`).
 */
export const questionFormSchema = z
  .object({
    id: clientIdSchema,
    contentId: clientIdSchema,
    text: requiredMultilineText(messages.questionTextRequired, questionTextMaxLength),
    description: optionalText(messages.validationFailed, {
      max: contentDescriptionMaxLength,
      maxMessage: messages.descriptionTooLong,
      multiline: true,
    })
      .nullish()
      .transform((v) => v ?? ''),
    questionTypeId: questionTypeIdSchema,
    interviewRoleId: idSchema.nullish(),
    tags: z
      .array(
        optionalText(messages.validationFailed, { max: questionTagMaxLength }).min(1, {
          error: messages.validationFailed,
        }),
      )
      .max(maxTagsPerQuestion, { error: messages.validationFailed })
      .nullish()
      .transform((v) => [...new Set(v ?? [])]),
    options: z
      .array(questionOptionFormSchema)
      .max(maxOptionsPerQuestion, { error: messages.tooManyOptions })
      .nullish()
      .transform((v) => v ?? []),
    audios: z
      .array(questionAudioFormSchema)
      .max(maxAudiosPerQuestion, { error: messages.tooManyAudios })
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((q, ctx) => {
    if (questionTypeNeedsOptions(q.questionTypeId) && q.options.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message: messages.questionRequiresOptions,
      });
    }
  })
  .transform((q) => ({
    ...q,
    options: questionTypeHasOptions(q.questionTypeId)
      ? q.options.map((o, i) => ({ ...o, text: o.text === '' ? format.optionName(i + 1) : o.text }))
      : [],
  }));
export type QuestionForm = z.infer<typeof questionFormSchema>;
export type QuestionFormInput = z.input<typeof questionFormSchema>;

// ---------------------------------------------------------------------------
// Queries and parameters
// ---------------------------------------------------------------------------

/**
 * The filters shared by GET /interviews and GET /questionnaires (001 §7):
 * - `organizationId`: the organization whose content is listed (default: the viewer's own; an
 *   admin without it sees general content);
 * - `authoring`: Ownership — Authored 1 (the organization's own), Assigned 2 (general content added
 *   to it; an admin sees every general item), All 0 (both, the default);
 * - `status`: ContentStatus (6 All, the default, leaves Deleted out), or several joined by commas;
 * - `authoredBy`: the author's user id; `search`: 3+ characters of the name;
 * - `scope`: Scope — General 0 (no organization), Organization 1 (own), Assignable 2 (own Active
 *   content plus general Active content added to the organization);
 * - `page`, `pageSize` (25 | 50 | 100).
 */
export const contentListQuerySchema = pageQuerySchema.extend({
  organizationId: idSchema.optional(),
  authoring: ownershipSchema.optional(),
  status: contentStatusFilterSchema,
  authoredBy: idSchema.optional(),
  search: searchSchema,
  scope: scopeSchema.optional(),
});
export type ContentListQuery = z.infer<typeof contentListQuerySchema>;

/** GET /interviews query: the shared filters, and `contentId` for one interview with its roles and questions. */
export const interviewListQuerySchema = contentListQuerySchema.extend({
  contentId: idSchema.optional(),
});

/** The filters GET /questionnaires takes as query parameters or inside its JSON `filter`. */
const questionnaireFilterSchema = contentListQuerySchema
  .omit({ page: true, pageSize: true })
  .extend({ contentTypeId: evaluationTypeIdSchema.optional() });

/**
 * 001 §7 `GET /questionnaires` `filter`: a JSON object of the list's filters, e.g.
 * `{"organizationId":1,"contentTypeId":2,"status":3,"search":"intro"}` (status also as a list).
 * Not JSON, or not an object: 400 'The filter must be a JSON object…'; a bad value: 400 as the
 * query parameter of the same name.
 */
const jsonFilterSchema = z
  .string({ error: messages.filterInvalid })
  .max(2000, { error: messages.filterInvalid })
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // refused below
    }
    ctx.addIssue({ code: 'custom', message: messages.filterInvalid });
    return z.NEVER;
  })
  .pipe(questionnaireFilterSchema);

/**
 * GET /questionnaires query: the shared filters and `contentTypeId` 2 | 3 (absent: both), as query
 * parameters or in the spec's JSON `filter` (001 §7); a query parameter wins over the same key in
 * `filter`.
 */
export const questionnaireListQuerySchema = questionnaireFilterSchema
  .extend({ ...pageQuerySchema.shape, filter: jsonFilterSchema.optional() })
  .transform(({ filter, ...query }) => {
    const merged: Record<string, unknown> = { ...query };
    for (const [key, value] of Object.entries(filter ?? {}))
      if (merged[key] === undefined) merged[key] = value;
    return merged as typeof query;
  });

/** POST /questionnaires?contentTypeId= query: 2 Rating scales or 3 Feedback. */
export const questionnaireCreateQuerySchema = z.object({ contentTypeId: evaluationTypeIdSchema });

/** PUT /contents/{id}/status?statusId= query. */
export const contentStatusQuerySchema = z.object({ statusId: contentStatusIdSchema });

/**
 * PUT /contents/{id}/status body (decisions.md#console-flows §7; optional, the spec's call sends none): `reason`, why
 * a reviewer returns an item in Review to Draft, trimmed, at most 1000 characters ('The reason is
 * too long!'); blank or absent: no reason. Kept only on Review → Draft, ignored on other changes.
 */
export const contentStatusBodySchema = z
  .object({
    reason: optionalText(messages.validationFailed, {
      max: returnReasonMaxLength,
      maxMessage: messages.returnReasonTooLong,
      multiline: true,
    }).nullish(),
  })
  .nullish()
  .transform((body) => ({ reason: body?.reason ? body.reason : null }));

/** `?contentId=` of the question calls (required on POST unless the body carries it). */
export const questionContentQuerySchema = z.object({ contentId: idSchema.optional() });

/** Path parameters of PUT /contents/{id}/add|remove/{organizationId}. */
export const contentOrganizationParamSchema = z.object({
  id: idSchema,
  organizationId: idSchema,
});

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/** `createdBy` of content: the author's id and names, or null when the author was erased. */
export const contentAuthorSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
});

/** 001 §3 'Content' as the API returns it; `organizationId` null = general (system) content. */
export const contentSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  statusId: z.literal(contentStatusIds),
  contentTypeId: z.literal(contentTypeIds),
  organizationId: z.number().int().positive().nullable(),
  language: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  createdBy: contentAuthorSchema.nullable(),
  /**
   * decisions.md#console-flows §7: why a reviewer returned the item to Draft ('Return draft'), null when none; cleared
   * when it is sent to Review again. Always sent by the server (optional for older clients' data).
   */
  returnReason: z.string().nullable().optional(),
});
export type Content = z.infer<typeof contentSchema>;

/** The avatar of a role or an audio row: `{id, name, image}`. */
export const contentAvatarSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  image: imageRefSchema.nullable(),
});

/** 001 §3 'Interview role': id, name, the avatar (null when none or deleted). */
export const interviewRoleSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  avatarId: z.number().int().positive().nullable(),
  avatar: contentAvatarSchema.nullable(),
});
export type InterviewRole = z.infer<typeof interviewRoleSchema>;

/** An answer option of a question. */
export const questionOptionSchema = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  correctAnswer: z.number().int(),
});

/** The stored mp3 of an audio row: `{id, url, name, extension}`. */
export const questionAudioFileSchema = imageRefSchema.extend({
  name: z.string(),
  extension: z.string(),
});

/** An audio row of a question (001 §3): the mp3 and the avatar that speaks it. */
export const questionAudioSchema = z.object({
  id: z.number().int().positive(),
  questionId: z.number().int().positive(),
  audioId: z.number().int().positive(),
  audio: questionAudioFileSchema,
  avatarId: z.number().int().positive().nullable(),
});

/** 001 §3 'Question' as the API returns it; options and audios in their order. */
export const questionSchema = z.object({
  id: z.number().int().positive(),
  text: z.string(),
  description: z.string(),
  questionTypeId: z.literal(questionTypeIds),
  interviewRoleId: z.number().int().positive().nullable(),
  contentId: z.number().int().positive(),
  tags: z.array(z.string()),
  options: z.array(questionOptionSchema),
  audios: z.array(questionAudioSchema),
});
export type Question = z.infer<typeof questionSchema>;

/**
 * 001 §3 'Questionnaire' (an interview, rating scale or feedback form): `id` and `contentId` are
 * the content id; the content, its questions in order and (interviews) its roles in order.
 */
export const questionnaireSchema = z.object({
  id: z.number().int().positive(),
  contentId: z.number().int().positive(),
  content: contentSchema,
  questions: z.array(questionSchema),
  roles: z.array(interviewRoleSchema),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

/**
 * A row of the content lists (interviews, evaluations, organization contents; 001 §2): the content
 * with its questions count, last edited (`updatedAt`), content type, creator (`createdBy`), the
 * owning organization `{id, name}` (null for general content: the wizard's Origin) and
 * `organizationIds`, the organizations a general item was added to — all of them for an admin (the
 * checkbox of the general list), only the viewer's own for anyone else.
 */
export const contentListItemSchema = contentSchema.extend({
  questionsCount: z.number().int().nonnegative(),
  organization: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
  organizationIds: z.array(z.number().int().positive()),
});
export type ContentListItem = z.infer<typeof contentListItemSchema>;

/** A row of GET /interviews: with `contentId`, also the interview's roles and questions. */
export const interviewListItemSchema = contentListItemSchema.extend({
  roles: z.array(interviewRoleSchema).optional(),
  questions: z.array(questionSchema).optional(),
});
export type InterviewListItem = z.infer<typeof interviewListItemSchema>;
