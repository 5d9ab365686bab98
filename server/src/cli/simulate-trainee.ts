/**
 * The trainee simulator: plays the mobile app against a running server, over HTTP.
 *
 *   npm run simulate:trainee -- --email trainee@demo.test [--assignment <id>] [--password demo1234]
 *       [--url http://localhost:3000] [--questions <n>] [--no-submit]
 *
 * Signs in through POST /api/auth, lists my assignments (GET /api/me/assignments), opens the chosen
 * one (default: the first I can still answer), starts a practice, uploads one real short video per
 * question (the demo fixtures) through the practice app's resumable upload (tus at /api/me/uploads,
 * with tus-js-client: each finished upload is saved as the question's answer item) and submits —
 * the same steps as the demo seed (modules/me/trainee-session.ts). Prints each step.
 */
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';
import {
  answerStatusLabels,
  answerVideoUploadPath,
  answerVideoUploadResultSchema,
  envelopeSchema,
  type Envelope,
  type ListData,
  type LoginAnswer,
  type MeAnswer,
  type MeAssignmentDetail,
  type MeAssignmentListItem,
} from '@practica/contract';
import { answerAssignment, sessionVideoType, type TraineeApi } from '../modules/me/index.js';
import { loadDemoVideos } from '../seed/answers.js';
import { demoPassword } from '../seed/demo.js';

const usage =
  'Usage: npm run simulate:trainee -- --email EMAIL [--assignment ID] [--password PASSWORD] ' +
  '[--url http://localhost:3000] [--questions N] [--no-submit]\n';

/** An API failure: the call, the HTTP status and the server's message and details. */
class ApiError extends Error {}

/** Calls the API and answers `data` of the envelope; throws ApiError unless it succeeded. */
async function call<T>(
  base: URL,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let envelope: Envelope<T> | undefined;
  try {
    envelope = JSON.parse(text) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (!response.ok || !envelope?.success) {
    const details = envelope?.error?.details?.map((d) => `\n    ${d.path}: ${d.message}`) ?? [];
    throw new ApiError(
      `${method} ${path} → ${response.status} ${envelope?.message ?? text.slice(0, 200)}${details.join('')}`,
    );
  }
  return envelope.data;
}

/** Bytes per PATCH of a video upload: a dropped request resends at most this much. */
const uploadChunkBytes = 1024 * 1024;

/** An upload failure with the server's message when it answered one (the envelope's). */
function uploadError(error: Error): ApiError {
  const response = error instanceof tus.DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(`${answerVideoUploadPath}: ${error.message}`);
  let message: string;
  try {
    message = (JSON.parse(response.getBody()) as Envelope<null>).message;
  } catch {
    message = response.getBody().slice(0, 200);
  }
  return new ApiError(`${answerVideoUploadPath} → ${response.getStatus()} ${message}`);
}

/** The mobile API of a signed-in trainee over HTTP. */
function httpTraineeApi(base: URL, token: string): TraineeApi {
  return {
    async listAssignments() {
      const all: MeAssignmentListItem[] = [];
      for (let page = 1; ; page++) {
        const { list, count } = await call<ListData<MeAssignmentListItem>>(
          base,
          'GET',
          `/api/me/assignments?page=${page}&pageSize=100`,
          token,
        );
        all.push(...list);
        if (list.length === 0 || all.length >= count) return all;
      }
    },
    getAssignment: (id) =>
      call<MeAssignmentDetail>(base, 'GET', `/api/me/assignments/${id}`, token),
    startPractice: (id) =>
      call<MeAnswer>(base, 'POST', `/api/me/assignments/${id}/practice`, token),
    uploadAnswer: (assignmentId, questionId, video) =>
      new Promise<number>((resolve, reject) => {
        const upload = new tus.Upload(video.bytes, {
          endpoint: new URL(answerVideoUploadPath, base).href,
          headers: { authorization: `Bearer ${token}` },
          metadata: {
            assignmentId: String(assignmentId),
            questionId: String(questionId),
            filetype: sessionVideoType(video),
            filename: video.name,
            duration: String(video.duration),
          },
          chunkSize: uploadChunkBytes,
          retryDelays: [0, 1000, 3000, 5000],
          onSuccess: ({ lastResponse }) => {
            const answer = envelopeSchema(answerVideoUploadResultSchema).safeParse(
              JSON.parse(lastResponse.getBody() || 'null'),
            );
            if (answer.success) resolve(answer.data.data.fileId);
            else
              reject(
                new ApiError(`${answerVideoUploadPath}: the finished upload answered no file`),
              );
          },
          onError: (error) => reject(uploadError(error)),
        });
        upload.start();
      }),
    submit: (id) => call<MeAnswer>(base, 'POST', `/api/me/assignments/${id}/submit`, token),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string', default: demoPassword },
      assignment: { type: 'string' },
      url: { type: 'string', default: 'http://localhost:3000' },
      questions: { type: 'string' },
      'no-submit': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || !values.email) {
    process.stderr.write(usage);
    process.exit(values.help ? 0 : 2);
  }
  const base = new URL(values.url);
  const out = (line: string) => process.stdout.write(`${line}\n`);

  const session = await call<LoginAnswer>(base, 'POST', '/api/auth', null, {
    email: values.email,
    password: values.password,
  });
  out(`Signed in at ${base.origin} as ${session.firstName} ${session.lastName} <${values.email}>`);
  const api = httpTraineeApi(base, session.token);

  const mine = await api.listAssignments();
  out(`My assignments (${mine.length}):`);
  for (const a of mine) {
    out(
      `  #${a.id} ${a.name} — due ${a.closeDate ?? '-'} — ${answerStatusLabels[a.answer.statusId]}, ` +
        `${a.answeredCount}/${a.questionsCount} answered, ${a.answer.practiceCounter} practice(s)`,
    );
  }
  const assignmentId = values.assignment
    ? Number(values.assignment)
    : mine.find((a) => a.canAnswer)?.id;
  if (!assignmentId || !Number.isInteger(assignmentId) || assignmentId <= 0) {
    throw new ApiError(
      values.assignment
        ? `--assignment must be a positive whole number, got '${values.assignment}'`
        : 'No assignment left to answer: pass --assignment <id>.',
    );
  }

  const videos = await loadDemoVideos();
  const { answer } = await answerAssignment(api, assignmentId, videos, {
    submit: !values['no-submit'],
    ...(values.questions ? { questions: Number(values.questions) } : {}),
    log: (line) => out(`  ${line}`),
  });
  out(
    `Done: answer ${answer.id} is ${answerStatusLabels[answer.statusId]} with ${answer.items.length} ` +
      `video(s). Review it at ${new URL(`/dbl/reviews/${answer.id}`, base).href}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `simulate-trainee: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
