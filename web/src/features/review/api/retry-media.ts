/**
 * POST /answers/{answerId}/items/{itemId}/media/retry (decisions.md#media §2): staff send a Failed item's
 * video back to processing. The call answers the item, which replaces its copy in the cached answer
 * detail (its media is then Processing, so the detail polls until it is done). A refusal (409 when
 * the item is not Failed) is left to the caller, which shows the server's message as given.
 */
import { answerItemSchema, type AnswerDetail, type AnswerItem } from '@practica/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { answerKeys } from '../../../lib/query-keys';

/** Asks the server to process item `itemId` of answer `answerId` again; answers the item. */
export function retryMedia(answerId: number, itemId: number): Promise<AnswerItem> {
  return api.post(`/answers/${answerId}/items/${itemId}/media/retry`, { schema: answerItemSchema });
}

/** `detail` with `item` in place of its item of the same id. */
export function withItem(detail: AnswerDetail, item: AnswerItem): AnswerDetail {
  const answers = detail.data.interviewAnswer.answers.map((i) => (i.id === item.id ? item : i));
  return { ...detail, data: { ...detail.data, interviewAnswer: { answers } } };
}

/**
 * The retry mutation of answer `answerId`'s items (variables: the item id). Silent: the player
 * shows the error next to its button.
 */
export function useRetryMedia(answerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => retryMedia(answerId, itemId),
    meta: { silent: true },
    onSuccess: (item) =>
      client.setQueryData<AnswerDetail>(answerKeys.detail(answerId), (detail) =>
        detail ? withItem(detail, item) : detail,
      ),
  });
}
