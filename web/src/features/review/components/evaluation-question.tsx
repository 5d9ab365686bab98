/**
 * One question of a review form (001 §2 'Review panel'): 1..5 stars for rating questions (a radio
 * group named by the question, `RatingStars`), options for single and multiple choice (multiple
 * kept comma-joined), text for open questions. Every question must be answered before a submit
 * (the review call refuses a form with one missing), so each carries the required mark (`*`) from
 * the start, not only once a submit failed (the stars and the text field say `required` to
 * assistive technology too). A question marked `invalid` (left
 * unanswered at a submit, decisions.md#review-loop §7) shows the error state and `aria-invalid`.
 */
import { Box, Checkbox, Radio, Stack, Text, Textarea } from '@mantine/core';
import { QuestionType, type AssignmentQuestion } from '@practica/contract';
import type { ReactNode } from 'react';
import { reviewText } from '../../../config/review-text';
import { joinChoice, splitChoice } from '../review-draft';
import { RatingStars } from './rating-stars';

export interface EvaluationQuestionProps {
  question: AssignmentQuestion;
  label: string;
  value: string | undefined;
  onChange: (text: string) => void;
  disabled?: boolean;
  /** Left unanswered at a submit: error state and `aria-invalid`. */
  invalid?: boolean;
  /** Rating questions: a digit key rated this one (the panel moves on). */
  onRated?: () => void;
  /** Rating questions: ↑ (-1) / ↓ (+1) on its stars. */
  onMove?: (by: -1 | 1) => void;
}

/** Renders the input matching the question's type. */
export function EvaluationQuestion({
  question,
  label,
  value,
  onChange,
  disabled = false,
  invalid = false,
  onRated,
  onMove,
}: EvaluationQuestionProps) {
  const type = question.questionTypeId;
  const headingId = `review-q-${question.id}`;
  const wrap = (children: ReactNode) => <Box data-invalid={invalid || undefined}>{children}</Box>;
  if (type === QuestionType.Rating) {
    const n = Number(value);
    return wrap(
      <Stack gap={4} data-testid="rating-question">
        <Text fw={500} size="sm" id={headingId} c={invalid ? 'red.8' : undefined}>
          {label}
          <RequiredMark />
        </Text>
        <RatingStars
          labelledBy={headingId}
          value={Number.isFinite(n) ? n : 0}
          onChange={(v) => onChange(String(v))}
          onRated={onRated}
          onMove={onMove}
          disabled={disabled}
          invalid={invalid}
        />
      </Stack>,
    );
  }
  if (type === QuestionType.Single) {
    return wrap(
      <Radio.Group
        value={value ?? null}
        onChange={onChange}
        label={label}
        withAsterisk
        readOnly={disabled}
        error={invalid}
        aria-invalid={invalid || undefined}
      >
        <Stack gap={6} mt={6}>
          {question.options.map((o) => (
            <Radio
              key={o.id}
              value={String(o.id)}
              label={o.text}
              disabled={disabled}
              error={invalid}
              aria-invalid={invalid || undefined}
            />
          ))}
        </Stack>
      </Radio.Group>,
    );
  }
  if (type === QuestionType.Multiple || type === QuestionType.Rank) {
    return wrap(
      <Checkbox.Group
        value={splitChoice(value)}
        onChange={(ids) => onChange(joinChoice(ids))}
        label={label}
        withAsterisk
        readOnly={disabled}
        error={invalid}
        aria-invalid={invalid || undefined}
      >
        <Stack gap={6} mt={6}>
          {question.options.map((o) => (
            <Checkbox
              key={o.id}
              value={String(o.id)}
              label={o.text}
              disabled={disabled}
              error={invalid}
              aria-invalid={invalid || undefined}
            />
          ))}
        </Stack>
      </Checkbox.Group>,
    );
  }
  return wrap(
    <Textarea
      label={label}
      required
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={reviewText.openPlaceholder}
      autosize
      minRows={2}
      disabled={disabled}
      error={invalid}
    />,
  );
}

/** The required mark of a rating question's heading, as Mantine marks a required field's label. */
function RequiredMark() {
  return (
    <Box component="span" c="var(--mantine-color-error)" aria-hidden ml={4}>
      *
    </Box>
  );
}
