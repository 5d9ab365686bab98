/**
 * The staff's media call (decisions.md#media §2): POST /answers/{answerId}/items/{itemId}/media/retry sends an
 * item whose processing Failed back to the queue.
 */
import { messages, type Actor, type AnswerItem } from '@practica/contract';
import { ConflictError, NotFoundError } from '../../errors.js';
import type { FileUrlDeps } from '../files/index.js';
import {
  authorizeReview,
  itemsOfAnswers,
  presentItem,
  type AnswerFullRow,
} from '../answers/index.js';
import { requeueFailedItem } from './repository.js';
import type { MediaDeps } from './switch.js';

/**
 * Queues the item `itemId` of the answer again (media status Processing, a new job due now).
 * `answer` is the answer id, or the row `authorizeReview` answered for it (404 missing or another
 * organization, 403 not a reviewer). 404 when the item is not the answer's; 409
 * messages.mediaNotFailed unless its processing Failed, messages.mediaProcessingOff when this
 * app has no ffmpeg (`mediaProcessing` false). Answers the item as the answer detail shows it
 * (URLs signed with `urls`).
 */
export async function retryItemMedia(
  { db, urls, mediaProcessing }: FileUrlDeps & MediaDeps,
  actor: Actor,
  answer: number | AnswerFullRow,
  itemId: number,
): Promise<AnswerItem> {
  const row = typeof answer === 'number' ? await authorizeReview(db, actor, answer) : answer;
  const outcome = await db.transaction(async (tx) => {
    const done = await requeueFailedItem(tx, row.id, itemId);
    // Without ffmpeg no worker would ever run the job: undo it.
    if (done === 'requeued' && !mediaProcessing)
      throw new ConflictError(messages.mediaProcessingOff);
    return done;
  });
  if (outcome === 'missing') throw new NotFoundError();
  if (outcome === 'not-failed') throw new ConflictError(messages.mediaNotFailed);
  const item = (await itemsOfAnswers(db, [row.id])).find((i) => i.id === itemId);
  if (!item) throw new NotFoundError();
  return presentItem(urls, item);
}
