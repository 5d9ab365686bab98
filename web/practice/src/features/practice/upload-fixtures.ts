/**
 * Test fixtures of the practice app's uploads: a question's upload as the upload queue reports it
 * (`UploadQueueSnapshot.questions`), for the components that show it.
 */
import type { QuestionUpload } from './upload-queue';

/**
 * The upload of question `questionId` as the queue reports it before any take (status 'none',
 * nothing sent, no error, no file), with `patch` over it.
 */
export const questionUpload = (
  questionId: number,
  patch: Partial<QuestionUpload> = {},
): QuestionUpload => ({
  questionId,
  status: 'none',
  bytesSent: 0,
  bytesTotal: 0,
  error: null,
  refused: false,
  waiting: false,
  fileId: null,
  url: null,
  ...patch,
});
