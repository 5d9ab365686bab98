/**
 * The review panel (001 §2 'Review screen'): tabs 'Ratings' and 'Feedback' with counters, the
 * questions of each form, the average score with one decimal, Submit, the green viewed check, the
 * submission's date and time, and Print Report (given by the page) when the answer is Reviewed. The
 * review in progress is kept in local storage per answer id until submitted.
 *
 * decisions.md#review-loop §2 and §7: the counters count answered questions ('Feedback 3/4'; the spec's 0/1 – 1/1
 * meant 'form incomplete / complete', which n/n still shows); an incomplete submit names the missing
 * questions ('Missing: R2, F1'), marks them, switches to the tab of the first and focuses it. Keys
 * (`review-shortcuts.ts`; wherever the focus is but in a text field, `lib/screen-hotkeys.ts`):
 * `1`–`5` rate the focused rating question (else the first unanswered one; with every one rated
 * and none focused, nothing) and focus the next one's stars as a group (after the last, the first
 * feedback question, else Submit), ↑ ↓ move between rating questions, `f` / `r` switch tabs,
 * Ctrl/⌘+Enter submits (from a text field too).
 */
import {
  Box,
  Button,
  Group,
  Kbd,
  Menu,
  Paper,
  Rating,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import dayjs from 'dayjs';
import {
  AnswerStatus,
  dateFormat,
  messages,
  ratingScaleMax,
  type AnswerDetail,
  type AnswerReviewConflict,
  type AssignmentQuestion,
} from '@practica/contract';
import { IconChevronDown, IconCircleCheckFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { reviewInboxText } from '../../../config/review-inbox-text';
import { reviewKeysText } from '../../../config/review-keys-text';
import { reviewText } from '../../../config/review-text';
import { useScreenHotkeys, type ScreenHotkey } from '../../../lib/screen-hotkeys';
import { toast } from '@shared/lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import { answerKeys } from '../../../lib/query-keys';
import { useSubmitReview } from '../api/submit-review';
import { ReviewConflict } from './review-conflict';
import {
  draftScore,
  isFormComplete,
  reviewBody,
  reviewForms,
  useReviewDraft,
  type ReviewForm,
} from '../review-draft';
import { hotkeys, shortcutOf } from '../review-shortcuts';
import { EvaluationQuestion } from './evaluation-question';

/** Whether the question's answer is not empty. */
const answered = (text: string | undefined) => (text ?? '').trim() !== '';

/** The element of question `questionId` of `form` inside `root`. */
const questionElement = (root: HTMLElement | null, form: ReviewForm, questionId: number) =>
  root?.querySelector<HTMLElement>(`[data-review-question="${form}:${questionId}"]`) ?? null;

/**
 * Focuses the question: a rating question's stars as a group (`[data-review-focus]`: a digit rates
 * it, while Space and the arrows stay the screen's), else its chosen option, else its first field;
 * whether one took it.
 */
function focusQuestion(root: HTMLElement | null, form: ReviewForm, questionId: number): boolean {
  const element = questionElement(root, form, questionId);
  const field =
    element?.querySelector<HTMLElement>('[data-review-focus]') ??
    element?.querySelector<HTMLElement>('input:checked:not(:disabled)') ??
    element?.querySelector<HTMLElement>('input:not(:disabled), textarea:not(:disabled)');
  field?.focus();
  return !!field && document.activeElement === field;
}

export interface ReviewPanelProps {
  answer: AnswerDetail;
  /** Shown when the answer is Reviewed (the report feature's button). */
  printReport?: ReactNode;
  /**
   * Called after a successful submit (decisions.md#review-loop §1): `next` is true for 'Submit and next' — the
   * default action, also Ctrl/⌘+Enter's — and false for a plain 'Submit'. When given, the submit
   * button becomes 'Submit and next' with 'Submit' in its menu; without it, a plain Submit.
   */
  onSubmitted?: (next: boolean) => void;
  /**
   * Read only (decisions.md#review-loop §4): another reviewer holds the answer's claim, or the screen has not heard
   * yet whether one does. Nothing can be rated (by click or key), typed, saved as a draft or
   * submitted until the reviewer takes over; everything stays readable.
   */
  readOnly?: boolean;
  /** A draft save was refused because someone holds the claim now (the page checks the claim). */
  onDraftRefused?: () => void;
}

/** The right-hand panel of the review screen. */
export function ReviewPanel({
  answer,
  printReport,
  onSubmitted,
  readOnly = false,
  onDraftRefused,
}: ReviewPanelProps) {
  const forms = useMemo(() => reviewForms(answer), [answer]);
  const { draft, change, clear, own } = useReviewDraft(answer, {
    editable: answer.canReview && !readOnly,
    onRefused: onDraftRefused,
  });
  const client = useQueryClient();
  const [tab, setTab] = useState<ReviewForm>('ratings');
  const rootRef = useRef<HTMLDivElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  /** Set by an incomplete submit: the unanswered questions show their error state. */
  const [showMissing, setShowMissing] = useState(false);
  /** A question to focus once its tab is shown ('submit': the Submit button). */
  const [focusTarget, setFocusTarget] = useState<
    { form: ReviewForm; questionId: number } | 'submit' | null
  >(null);
  // The submitted review comes back as the answer's latest: the draft starts from it again.
  /** Whether the submit under way goes on to the next answer ('Submit and next'). */
  const nextRef = useRef(true);
  /** A submit refused because someone reviewed meanwhile (decisions.md#review-loop §4): their review, for the dialog. */
  const [conflict, setConflict] = useState<AnswerReviewConflict | null>(null);
  const submit = useSubmitReview(
    answer.id,
    answer.userId,
    () => {
      setConflict(null);
      clear();
      onSubmitted?.(nextRef.current);
    },
    answer.reviewVersion,
    setConflict,
  );
  const canEdit = answer.canReview && !readOnly && !submit.isPending;
  // A review that came in meanwhile (the page reads the answer again) is what the panel shows as
  // long as the reviewer has no draft of their own: a submit then goes against it, not against the
  // version first opened. With a draft of their own, a submit still meets the conflict dialog.
  const { adopt } = submit;
  useEffect(() => {
    if (!own) adopt(answer.reviewVersion);
  }, [own, answer.reviewVersion, adopt]);

  const complete = {
    ratings: isFormComplete(forms.ratings, draft.ratings),
    feedback: isFormComplete(forms.feedback, draft.feedback),
  };
  const score = draftScore(forms.ratings, draft);
  const answeredOf = (form: ReviewForm) =>
    forms[form].filter((q) => answered(draft[form][q.id])).length;

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'submit') submitRef.current?.focus();
    else focusQuestion(rootRef.current, focusTarget.form, focusTarget.questionId);
    setFocusTarget(null);
  }, [focusTarget, tab]);

  /** Submits the review; `next` (the default action): then go on to the next answer. */
  const onSubmit = (next = true) => {
    if (readOnly) return;
    nextRef.current = next;
    if (!complete.ratings || !complete.feedback) {
      const missing = [
        ...forms.ratings.flatMap((q, i) =>
          answered(draft.ratings[q.id])
            ? []
            : [{ form: 'ratings' as const, q, short: reviewKeysText.ratingShort(i + 1) }],
        ),
        ...forms.feedback.flatMap((q, i) =>
          answered(draft.feedback[q.id])
            ? []
            : [{ form: 'feedback' as const, q, short: reviewKeysText.feedbackShort(i + 1) }],
        ),
      ];
      toast.error(
        `${messages.allQuestionsMustBeAnswered} ${reviewKeysText.missing(missing.map((m) => m.short))}`,
      );
      setShowMissing(true);
      const first = missing[0];
      if (first) {
        setTab(first.form);
        setFocusTarget({ form: first.form, questionId: first.q.id });
      }
      return;
    }
    submit.send(reviewBody(answer, draft));
  };

  /** The index of the rating question holding the focus, else of the first unanswered one, else -1. */
  const currentRating = () => {
    const focused = forms.ratings.findIndex((q) =>
      questionElement(rootRef.current, 'ratings', q.id)?.contains(document.activeElement),
    );
    if (focused !== -1) return focused;
    return forms.ratings.findIndex((q) => !answered(draft.ratings[q.id]));
  };
  /** Focuses rating question `index` (shown first); false when there is none. */
  const focusRating = (index: number) => {
    const q = forms.ratings[index];
    if (!q) return false;
    setTab('ratings');
    setFocusTarget({ form: 'ratings', questionId: q.id });
    return true;
  };
  /** After rating question `index`: the next one, else the first feedback question, else Submit. */
  const afterRating = (index: number) => {
    if (focusRating(index + 1)) return;
    const next = forms.feedback.find((q) => !answered(draft.feedback[q.id])) ?? forms.feedback[0];
    if (next) {
      setTab('feedback');
      setFocusTarget({ form: 'feedback', questionId: next.id });
    } else setFocusTarget('submit');
  };
  const rateKey = (rating: number) => {
    // With every rating given and none focused, a digit aims at no question: it changes nothing.
    const index = currentRating();
    const q = forms.ratings[index];
    if (!q || !canEdit) return;
    change('ratings', q.id, String(rating));
    afterRating(index);
  };
  const moveRating = (by: -1 | 1) => () => {
    if (forms.ratings.length === 0) return;
    const focused = forms.ratings.some((q) =>
      questionElement(rootRef.current, 'ratings', q.id)?.contains(document.activeElement),
    );
    const current = Math.max(currentRating(), 0);
    focusRating(focused ? Math.min(Math.max(current + by, 0), forms.ratings.length - 1) : current);
  };
  // The screen's rule (lib/screen-hotkeys): never while typing, nor a key the focused control
  // uses itself (the arrows of a slider, tabs or an option group).
  useScreenHotkeys([
    ...hotkeys.rate.map((key): ScreenHotkey => [key, () => rateKey(Number(key))]),
    [hotkeys.nextRating, moveRating(1)],
    [hotkeys.previousRating, moveRating(-1)],
    [hotkeys.feedbackTab, () => setTab('feedback')],
    [hotkeys.ratingsTab, () => setTab('ratings')],
    // Submitting is no typing: Ctrl/⌘+Enter works from the feedback's text fields too.
    [
      hotkeys.submit,
      () => answer.canReview && !submit.isPending && onSubmit(),
      { everywhere: true },
    ],
  ]);

  const list = (form: ReviewForm, questions: AssignmentQuestion[]) =>
    questions.length === 0 ? (
      <Text c="dimmed" size="sm">
        {reviewText.noQuestions}
      </Text>
    ) : (
      <Stack gap="lg">
        {questions.map((q, i) => (
          <Box key={q.id} data-review-question={`${form}:${q.id}`}>
            <EvaluationQuestion
              question={q}
              label={
                form === 'ratings'
                  ? reviewText.ratingLabel(i + 1, q.text)
                  : reviewText.feedbackLabel(i + 1, q.text)
              }
              value={draft[form][q.id]}
              onChange={(text) => change(form, q.id, text)}
              disabled={!canEdit}
              invalid={showMissing && !answered(draft[form][q.id])}
              onRated={form === 'ratings' ? () => afterRating(i) : undefined}
              onMove={
                form === 'ratings'
                  ? (by) => focusRating(Math.min(Math.max(i + by, 0), questions.length - 1))
                  : undefined
              }
            />
          </Box>
        ))}
      </Stack>
    );

  return (
    <Paper p="md" withBorder h="100%" ref={rootRef}>
      <Stack gap="md" h="100%">
        {/* As tall as the Print Report button, so that nothing moves when it appears. On a phone
            Print Report and the Scorecard go under the title, whole, instead of past the edge. */}
        <Group justify="space-between" wrap="wrap" gap="xs" mih={30}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={600}>{messages.review}</Text>
            {answer.viewed ? (
              <Tooltip label={reviewText.viewed}>
                <IconCircleCheckFilled
                  size={20}
                  color="var(--mantine-color-green-6)"
                  aria-label={reviewText.viewed}
                  role="img"
                  data-testid="viewed-check"
                />
              </Tooltip>
            ) : null}
          </Group>
          {answer.statusId === AnswerStatus.Reviewed ? printReport : null}
        </Group>
        {answer.submittedAt ? (
          <Text size="xs" c="dimmed" mt={-8} data-testid="submitted-at">
            {reviewKeysText.submittedAt(dayjs(answer.submittedAt).format(`${dateFormat} HH:mm`))}
          </Text>
        ) : null}
        <Tabs value={tab} onChange={(v) => setTab(v === 'feedback' ? 'feedback' : 'ratings')}>
          <Tabs.List grow>
            <Tabs.Tab value="ratings" rightSection={<TabKey keyName="r" />}>
              {messages.ratings}{' '}
              {reviewKeysText.answeredCounter(answeredOf('ratings'), forms.ratings.length)}
            </Tabs.Tab>
            <Tabs.Tab value="feedback" rightSection={<TabKey keyName="f" />}>
              {messages.feedback}{' '}
              {reviewKeysText.answeredCounter(answeredOf('feedback'), forms.feedback.length)}
            </Tabs.Tab>
          </Tabs.List>
          <ScrollArea.Autosize mah={480} mt="md" offsetScrollbars>
            <Tabs.Panel value="ratings">{list('ratings', forms.ratings)}</Tabs.Panel>
            <Tabs.Panel value="feedback">{list('feedback', forms.feedback)}</Tabs.Panel>
          </ScrollArea.Autosize>
        </Tabs>
        {/* Wraps at 375 px: 'Submit and next' and its menu go under the average, whole. */}
        <Group justify="space-between" mt="auto" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {messages.averageScore}
            </Text>
            <Rating value={score ?? 0} fractions={10} count={ratingScaleMax} readOnly size="sm" />
            <Text fw={600} data-testid="average-score">
              {score === null ? reviewText.noScore : score.toFixed(1)}
            </Text>
          </Group>
          <Group gap={0} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
            <Tooltip label={shortcutOf('submit').keys.join(' ')} openDelay={400}>
              <Button
                ref={submitRef}
                onClick={() => onSubmit(true)}
                loading={submit.isPending}
                disabled={!answer.canReview || readOnly}
                style={
                  onSubmitted
                    ? { flexShrink: 0, borderTopRightRadius: 0, borderBottomRightRadius: 0 }
                    : { flexShrink: 0 }
                }
                aria-keyshortcuts="Control+Enter Meta+Enter"
              >
                {onSubmitted ? reviewInboxText.submitAndNext : messages.submit}
              </Button>
            </Tooltip>
            {onSubmitted ? (
              <Menu position="top-end" withinPortal>
                <Menu.Target>
                  <Button
                    px={6}
                    disabled={!answer.canReview || submit.isPending || readOnly}
                    aria-label={reviewInboxText.moreSubmitActions}
                    style={{
                      flexShrink: 0,
                      borderTopLeftRadius: 0,
                      borderBottomLeftRadius: 0,
                      borderLeft: '1px solid var(--mantine-color-blue-4)',
                    }}
                  >
                    <IconChevronDown size={16} aria-hidden />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item onClick={() => onSubmit(false)}>
                    {reviewInboxText.submitOnly}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        </Group>
        {!answer.canReview ? (
          <Text size="xs" c="dimmed">
            {reviewText.readOnlyHint}
          </Text>
        ) : null}
      </Stack>
      <ReviewConflict
        conflict={conflict}
        mine={draft}
        forms={forms}
        submitting={submit.isPending}
        onSubmitMine={() =>
          submit.submitAgainst(
            conflict?.latestReview?.version ?? answer.reviewVersion,
            reviewBody(answer, draft),
          )
        }
        onKeepTheirs={() => {
          submit.adopt(conflict?.latestReview?.version ?? answer.reviewVersion);
          setConflict(null);
          clear();
          void client.invalidateQueries({ queryKey: answerKeys.detail(answer.id) });
        }}
        onClose={() => setConflict(null)}
      />
    </Paper>
  );
}

/** A tab's key hint (hidden on small screens, where keys are rare). */
function TabKey({ keyName }: { keyName: string }) {
  return (
    <Kbd size="xs" visibleFrom="sm" aria-hidden>
      {keyName}
    </Kbd>
  );
}
