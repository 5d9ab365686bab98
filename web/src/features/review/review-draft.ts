/**
 * The review in progress (001 §2, §5; decisions.md#review-loop §6): the answer text per question of each form, how
 * complete each form is, the average score, the request body, and where the work is kept until
 * submitted — on the server per answer and reviewer (GET/PUT/DELETE
 * /assignments/answers/{id}/draft), so it survives a reload, a crashed tab, a move to another
 * answer and back, and follows the reviewer to another device; a local-storage copy per answer
 * covers the time the server cannot be reached.
 */
import { useDebouncedCallback } from '@mantine/hooks';
import {
  meanRatingScore,
  reviewDraftSchema,
  type AnswerDetail,
  type AssignmentQuestion,
  type ReviewBodyInput,
  type ReviewDraft as ServerDraft,
} from '@practica/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, isApiError } from '@shared/lib/api-client';
import { reviewDraftKeys } from '../../lib/query-keys';

/** Texts by question id, per form. */
export interface ReviewDraft {
  ratings: Record<number, string>;
  feedback: Record<number, string>;
}

export type ReviewForm = keyof ReviewDraft;

/** The questions of each form of the answer's assignment. */
export function reviewForms(answer: AnswerDetail): Record<ReviewForm, AssignmentQuestion[]> {
  return {
    ratings: answer.assignment.data.ratings?.questions ?? [],
    feedback: answer.assignment.data.feedback?.questions ?? [],
  };
}

/** The last submitted review as a draft (a re-review starts from it), else empty. */
export function draftFromAnswer(answer: AnswerDetail): ReviewDraft {
  const toRecord = (list: { questionId: number; text: string }[] | undefined) =>
    Object.fromEntries((list ?? []).map((a) => [a.questionId, a.text]));
  return {
    ratings: toRecord(answer.data.ratingsAnswer?.answers),
    feedback: toRecord(answer.data.feedbackAnswer?.answers),
  };
}

/** Whether every question of the form has an answer. */
export function isFormComplete(
  questions: readonly AssignmentQuestion[],
  texts: Record<number, string>,
) {
  return questions.every((q) => (texts[q.id] ?? '').trim() !== '');
}

/** The average of the rating answers (unrounded), or null when none is numeric. */
export function draftScore(questions: readonly AssignmentQuestion[], draft: ReviewDraft) {
  return meanRatingScore(questions.map((q) => draft.ratings[q.id]));
}

/** Multiple choice: the chosen option ids from the comma-joined text. */
export function splitChoice(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Multiple choice: the comma-joined text of the chosen option ids. */
export function joinChoice(ids: readonly string[]): string {
  return ids.join(',');
}

/** The review call's body (001 §3 'Review payload'). */
export function reviewBody(answer: AnswerDetail, draft: ReviewDraft): ReviewBodyInput {
  const forms = reviewForms(answer);
  const list = (questions: AssignmentQuestion[], texts: Record<number, string>) =>
    questions.map((q) => ({ questionId: q.id, text: texts[q.id] ?? '' }));
  const score = draftScore(forms.ratings, draft);
  return {
    traineeId: answer.userId,
    ...(answer.assignment.data.ratingsId
      ? { questionnaireID: answer.assignment.data.ratingsId }
      : {}),
    score,
    answers: {
      ratings: list(forms.ratings, draft.ratings),
      feedback: list(forms.feedback, draft.feedback),
    },
  };
}

/** Local storage key of the draft of one answer. */
export const draftStorageKey = (answerId: number) => `practica.reviewDraft.${answerId}`;

/** A stored draft's text parsed; undefined when missing or not a draft. */
export function parseDraft(raw: string | undefined | null): ReviewDraft | undefined {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as Partial<ReviewDraft> | null;
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return { ratings: parsed.ratings ?? {}, feedback: parsed.feedback ?? {} };
  } catch {
    return undefined;
  }
}

/**
 * The local copy of a draft: the draft, when it was changed (ms) and whether the server does not
 * have that change yet (`pending`: saved while offline, or the tab closed before the save).
 */
export interface LocalDraft {
  draft: ReviewDraft;
  savedAt: number;
  pending: boolean;
}

/** The local copy of answer `answerId`'s draft; undefined when none or storage is unavailable. */
export function readLocalDraft(answerId: number): LocalDraft | undefined {
  try {
    const raw = window.localStorage.getItem(draftStorageKey(answerId));
    const draft = parseDraft(raw);
    if (!draft) return undefined;
    const meta = JSON.parse(raw!) as { savedAt?: unknown; pending?: unknown };
    return {
      draft,
      savedAt: typeof meta.savedAt === 'number' ? meta.savedAt : 0,
      // A copy without the flag was kept before drafts lived on the server: never sent.
      pending: meta.pending !== false,
    };
  } catch {
    return undefined;
  }
}

/** Writes (or, with null, removes) the local copy; a full or disabled storage is ignored. */
function writeLocalDraft(answerId: number, value: LocalDraft | null): void {
  try {
    const key = draftStorageKey(answerId);
    if (value === null) window.localStorage.removeItem(key);
    else
      window.localStorage.setItem(
        key,
        JSON.stringify({ ...value.draft, savedAt: value.savedAt, pending: value.pending }),
      );
  } catch {
    // Storage full or disabled: the server copy is the draft.
  }
}

const draftPath = (answerId: number) => `/assignments/answers/${answerId}/draft`;

/** GET /assignments/answers/{id}/draft: the caller's draft on the server, or null. */
export function getServerDraft(
  answerId: number,
  signal?: AbortSignal,
): Promise<ServerDraft | null> {
  return api.get(draftPath(answerId), { schema: reviewDraftSchema.nullable(), signal });
}

/**
 * PUT /assignments/answers/{id}/draft: stores the draft (both forms; texts by question id).
 * `keepalive` lets the call outlive the page (the save on `pagehide`).
 */
export function putServerDraft(
  answerId: number,
  draft: ReviewDraft,
  keepalive = false,
): Promise<ServerDraft> {
  return api.put(draftPath(answerId), {
    body: { ratings: draft.ratings, feedback: draft.feedback },
    schema: reviewDraftSchema,
    keepalive,
  });
}

/** A server draft as the panel keeps it. */
const fromServer = (d: ServerDraft): ReviewDraft => ({ ratings: d.ratings, feedback: d.feedback });

/** How long after the last change the draft is sent (ms). */
export const draftSaveDelay = 500;

/**
 * The draft to show for `answer` when this screen has not changed it yet: the local copy when it
 * holds a change the server lacks and is newer than the server's draft; else the server's draft;
 * while it loads or when it cannot be reached, the local copy; else the answer's latest review.
 */
export function initialDraft(
  answer: AnswerDetail,
  server: { data: ServerDraft | null | undefined; settled: boolean },
  local: LocalDraft | undefined,
): { draft: ReviewDraft; unsent: boolean } {
  const serverTime = server.data ? Date.parse(server.data.updatedAt) : 0;
  if (local?.pending && (!server.data || local.savedAt > serverTime))
    return { draft: local.draft, unsent: true };
  if (server.data) return { draft: fromServer(server.data), unsent: false };
  if (!server.settled && local) return { draft: local.draft, unsent: false };
  return { draft: draftFromAnswer(answer), unsent: false };
}

/** What the screen tells `useReviewDraft` besides the answer. */
export interface ReviewDraftOptions {
  /**
   * Whether the reviewer may edit now (default: the answer can take a review). False while another
   * reviewer holds the claim: `change` does nothing and nothing is sent to the server.
   */
  editable?: boolean;
  /** A save refused with 409 (someone holds the answer's claim now): the local copy keeps it. */
  onRefused?: () => void;
}

/**
 * The review in progress of `answer` (see the module note). The server's draft is loaded with
 * TanStack Query; `change` sets the text of one question of a form, keeps a local copy at once
 * and sends the whole draft 500 ms after the last change (at once when the page is hidden or the
 * panel unmounts; again when the browser is back online); `clear` forgets both copies after a
 * submit (the server already deleted its draft), so the draft is the answer's latest review again.
 * `own`: whether the draft shown is the reviewer's (changed on this screen, or a stored draft)
 * rather than the answer's latest review. See `ReviewDraftOptions` for read only.
 */
export function useReviewDraft(
  answer: AnswerDetail,
  { editable = answer.canReview, onRefused }: ReviewDraftOptions = {},
): {
  draft: ReviewDraft;
  change: (form: ReviewForm, questionId: number, text: string) => void;
  clear: () => void;
  own: boolean;
} {
  const client = useQueryClient();
  const answerId = answer.id;
  const server = useQuery({
    queryKey: reviewDraftKeys.detail(answerId),
    queryFn: ({ signal }) => getServerDraft(answerId, signal),
    enabled: answer.canReview,
    staleTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
    meta: { silent: true },
  });
  /** This screen's changes, for the answer they were made on. */
  const [edits, setEdits] = useState<{ answerId: number; draft: ReviewDraft } | undefined>();
  const settled = !answer.canReview || server.isFetched || server.isError;
  const initial = initialDraft(answer, { data: server.data, settled }, readLocalDraft(answerId));
  const draft = edits?.answerId === answerId ? edits.draft : initial.draft;

  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const save = useCallback(
    async (id: number, next: ReviewDraft, keepalive = false) => {
      const startedAt = Date.now();
      try {
        const saved = await putServerDraft(id, next, keepalive);
        client.setQueryData(reviewDraftKeys.detail(id), saved);
        const local = readLocalDraft(id);
        // A change made while this one was on its way stays pending.
        if (local && local.savedAt <= startedAt) writeLocalDraft(id, { ...local, pending: false });
      } catch (error) {
        // Offline or refused: the local copy keeps the change (pending) until the next save.
        if (isApiError(error) && error.status === 409) onRefusedRef.current?.();
      }
    },
    [client],
  );
  const saveLater = useDebouncedCallback(save, { delay: draftSaveDelay, flushOnUnmount: true });
  /** The arguments of the save waiting in the debounce, for the save on `pagehide`. */
  const waiting = useRef<{ id: number; draft: ReviewDraft } | null>(null);

  useEffect(() => {
    const onPageHide = () => {
      if (!saveLater.isPending() || !waiting.current) return;
      saveLater.cancel();
      void save(waiting.current.id, waiting.current.draft, true);
      waiting.current = null;
    };
    const onOnline = () => {
      const local = readLocalDraft(answerId);
      if (local?.pending && editable) void save(answerId, local.draft);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
    };
  }, [answerId, editable, save, saveLater]);

  // A change the server lacks (the tab closed before its save, or made offline) is sent once the
  // server's draft is known, unless this screen changed the draft since.
  const unsentDraft =
    initial.unsent && edits?.answerId !== answerId && server.isSuccess ? initial.draft : null;
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!unsentDraft || !editable) return;
    const token = `${answerId}:${server.dataUpdatedAt}`;
    if (sentFor.current === token) return;
    sentFor.current = token;
    void save(answerId, unsentDraft);
  }, [unsentDraft, editable, answerId, server.dataUpdatedAt, save]);

  const change = (form: ReviewForm, questionId: number, text: string) => {
    if (!editable) return;
    const next = { ...draft, [form]: { ...draft[form], [questionId]: text } };
    setEdits({ answerId, draft: next });
    writeLocalDraft(answerId, { draft: next, savedAt: Date.now(), pending: true });
    waiting.current = { id: answerId, draft: next };
    saveLater(answerId, next);
  };
  const clear = () => {
    saveLater.cancel();
    waiting.current = null;
    writeLocalDraft(answerId, null);
    setEdits(undefined);
    client.setQueryData(reviewDraftKeys.detail(answerId), null);
    void client.invalidateQueries({ queryKey: reviewDraftKeys.detail(answerId) });
  };
  const own = edits?.answerId === answerId || initial.unsent || !!server.data;
  return { draft, change, clear, own };
}
