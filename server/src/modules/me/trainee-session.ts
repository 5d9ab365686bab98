/**
 * What a trainee's mobile app does with one assignment (decisions.md#assignments-and-answers),
 * written once over `TraineeApi` so that the trainee simulator (over HTTP, cli/simulate-trainee.ts)
 * and the demo seed (in process, seed/answers.ts) follow the same path: open the assignment, start
 * a practice, upload one video per question (each finished upload is saved as the question's
 * answer item, as the practice app's are), submit.
 */
import type { MeAnswer, MeAssignmentDetail, MeAssignmentListItem } from '@practica/contract';

/** The mobile API as the app uses it; each call throws on a failure. */
export interface TraineeApi {
  /** GET /me/assignments (all pages). */
  listAssignments(): Promise<MeAssignmentListItem[]>;
  /** GET /me/assignments/{id}. */
  getAssignment(assignmentId: number): Promise<MeAssignmentDetail>;
  /** POST /me/assignments/{id}/practice. */
  startPractice(assignmentId: number): Promise<MeAnswer>;
  /**
   * The resumable upload of `video` at /api/me/uploads (tus) as the answer to `questionId`: once
   * it finished, the video is stored and saved as my answer item of the question. Answers the file id.
   */
  uploadAnswer(assignmentId: number, questionId: number, video: SessionVideo): Promise<number>;
  /** POST /me/assignments/{id}/submit. */
  submit(assignmentId: number): Promise<MeAnswer>;
}

/** A recorded answer video: file name (`.mp4` or `.webm`), bytes and duration in seconds. */
export interface SessionVideo {
  name: string;
  bytes: Buffer;
  duration: number;
}

export interface SessionOptions {
  /** Answer only the first `n` questions (default: all). */
  questions?: number;
  /** Submit at the end (default true). */
  submit?: boolean;
  /** Receives one line per step. */
  log?: (line: string) => void;
}

export interface SessionResult {
  assignment: MeAssignmentDetail;
  answer: MeAnswer;
  /** The uploaded file id of each answered question, in order. */
  uploads: { questionId: number; fileId: number }[];
}

/**
 * Answers one assignment as a trainee: opens it, starts a practice, uploads `videos[n - 1]` (cycling
 * when there are fewer videos than questions) as the answer to question n, and submits.
 * Throws the API's error at the first failing step.
 */
export async function answerAssignment(
  api: TraineeApi,
  assignmentId: number,
  videos: readonly SessionVideo[],
  options: SessionOptions = {},
): Promise<SessionResult> {
  if (videos.length === 0) throw new Error('answerAssignment needs at least one video');
  const log = options.log ?? (() => {});
  const assignment = await api.getAssignment(assignmentId);
  log(
    `Opened assignment ${assignment.id} '${assignment.name}' (${assignment.questions.length} questions, ` +
      `environment ${assignment.environment?.name ?? 'none'})`,
  );
  const practice = await api.startPractice(assignmentId);
  log(`Started practice #${practice.practiceCounter}`);

  const questions = assignment.questions.slice(0, options.questions ?? assignment.questions.length);
  const uploads: SessionResult['uploads'] = [];
  for (const question of questions) {
    const video = videos[(question.number - 1) % videos.length]!;
    const fileId = await api.uploadAnswer(assignmentId, question.id, video);
    uploads.push({ questionId: question.id, fileId });
    log(
      `Q${question.number} (${question.roleName ?? 'no role'}: ${question.text}) → uploaded ${video.name} ` +
        `(${video.bytes.length} bytes, ${video.duration} s) as file ${fileId}`,
    );
  }
  let answer = uploads.length > 0 ? (await api.getAssignment(assignmentId)).answer : practice;
  log(`Saved ${answer.items.length} answer item(s) on answer ${answer.id}`);
  if (options.submit ?? true) {
    answer = await api.submit(assignmentId);
    log(`Submitted answer ${answer.id} at ${answer.submittedAt}`);
  }
  return { assignment, answer, uploads };
}

/** The recorder type of a session video, from its file name: video/webm for `.webm`, else video/mp4. */
export function sessionVideoType(video: Pick<SessionVideo, 'name'>): string {
  return video.name.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4';
}
