/**
 * Copy of content approval and the content screens' empty states (decisions.md#console-flows §7, §8, §9) that the
 * spec does not quote: the 'Return draft' dialog, the reason its creator sees, the manager
 * dashboard's approval card, the audio prompts of the preview, and what to do next on an empty list.
 */
import type { ContentTypeId } from '@practica/contract';

/** The plural name of a content type's items, lower case ('interviews', 'rating scales' …). */
const pluralOf: Record<ContentTypeId, string> = {
  1: 'interviews',
  2: 'rating scales',
  3: 'feedback forms',
};
const singularOf: Record<ContentTypeId, string> = {
  1: 'interview',
  2: 'rating scale',
  3: 'feedback form',
};

export const contentApprovalText = {
  // 'Return draft' with a reason
  returnDraftTitle: (name: string) => `Return '${name}' to draft`,
  returnDraftIntro: 'The creator can change it and send it for approval again.',
  returnReason: 'Reason (optional)',
  returnReasonPlaceholder: 'What should the creator change?',
  returnedTitle: 'Returned to draft',
  returnedBy: 'A reviewer returned this item with a note:',
  returnedShort: (reason: string) => `Returned: ${reason}`,
  // The manager dashboard's approval card
  awaitingApproval: 'Awaiting approval',
  awaitingApprovalNone: 'Nothing awaits your approval.',
  awaitingApprovalHint: (n: number) =>
    n === 1 ? 'One item waits for your review.' : `${n} items wait for your review.`,
  awaitingApprovalByType: (type: ContentTypeId, n: number) =>
    `${n} ${n === 1 ? singularOf[type] : pluralOf[type]}`,
  reviewItems: 'Review items',
  // The preview's audio prompts
  audioPrompts: 'Audio prompts',
  audioPromptOf: (n: number, speaker: string | null) =>
    speaker ? `Audio prompt ${n} (${speaker})` : `Audio prompt ${n}`,
  // Options of feedback choice questions (no right answer)
  feedbackOptionsHint: 'The choices the reviewer picks from.',
  // Empty states of the content lists
  noItemsYet: (type: ContentTypeId) => `No ${pluralOf[type]} yet`,
  noItemsWithStatus: (type: ContentTypeId, status: string) =>
    `No ${pluralOf[type]} with status ${status}`,
  createFirst: (type: ContentTypeId) =>
    `Create a ${singularOf[type]}: add its questions, then submit it for approval.`,
  askCreator: (type: ContentTypeId) =>
    `${pluralOf[type].charAt(0).toUpperCase()}${pluralOf[type].slice(1)} appear here once a creator of your organization makes one.`,
  createItem: (type: ContentTypeId) => `Create ${singularOf[type]}`,
  noSearchResults: 'Nothing matches this search. Try other words.',
  otherStatus: 'Show all statuses',
  seeGeneral: 'See general content',
  generalEmpty: 'No general content has been added to your organization yet.',
} as const;
