/**
 * What the review player shows for question `index` (decisions.md#media §2, #review-loop §7): the
 * question and its recorded item, the file that plays (the MP4 when Ready, else the original;
 * none when Deleted or not recorded) as a `src` that survives a re-signed URL, and the next
 * question's file, loaded meanwhile.
 */
import type { AnswerItem, AnswerItemMedia, AnswerQuestion } from '@practica/contract';
import { useMemo } from 'react';
import { playableOf, useStableFileUrl, type Playable } from '@shared/lib/media-playback';

export interface QuestionSource {
  /** Question `index`, undefined when out of range (no questions). */
  question: AnswerQuestion | undefined;
  /** Its recorded item, undefined when the trainee recorded none. */
  item: AnswerItem | undefined;
  media: AnswerItemMedia | undefined;
  /** The item's file and poster (`playableOf`). */
  playable: Playable;
  /** The URL to play (kept while the server re-signs the same file), null when none plays. */
  url: string | null;
  /** Takes the newest signed URL: on a media error (an expired signature). */
  renewUrl: () => void;
  /** The next question's file, to preload; null when there is none. */
  nextUrl: string | null;
  /** The recorded item of a question id, for the progress bar's marks. */
  itemOf: ReadonlyMap<number, AnswerItem>;
}

/** The source of question `index` (0-based) among `questions`, matched to `items` by question id. */
export function useQuestionSource(
  questions: readonly AnswerQuestion[],
  items: readonly AnswerItem[],
  index: number,
): QuestionSource {
  const itemOf = useMemo(() => new Map(items.map((i) => [i.questionId, i])), [items]);
  const question = questions[index];
  const item = question ? itemOf.get(question.id) : undefined;
  const playable = playableOf(item);
  const { src: url, renew: renewUrl } = useStableFileUrl(playable.url);
  const nextQuestion = questions[index + 1];
  const nextUrl = nextQuestion ? playableOf(itemOf.get(nextQuestion.id)).url : null;
  return { question, item, media: item?.media, playable, url, renewUrl, nextUrl, itemOf };
}
