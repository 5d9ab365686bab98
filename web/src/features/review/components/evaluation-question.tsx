/**
 * One question of a review form (001 §2 'Review panel'): 1..5 stars for rating questions, options
 * for single and multiple choice (multiple kept comma-joined), text for open questions.
 */
import { Checkbox, Radio, Rating, Stack, Text, Textarea } from '@mantine/core';
import { QuestionType, ratingScaleMax, type AssignmentQuestion } from '@practica/contract';
import { reviewText } from '../../../config/review-text';
import { joinChoice, splitChoice } from '../review-draft';

export interface EvaluationQuestionProps {
  question: AssignmentQuestion;
  label: string;
  value: string | undefined;
  onChange: (text: string) => void;
  disabled?: boolean;
}

/** Renders the input matching the question's type. */
export function EvaluationQuestion({
  question,
  label,
  value,
  onChange,
  disabled = false,
}: EvaluationQuestionProps) {
  const type = question.questionTypeId;
  const heading = (
    <Text fw={500} size="sm" id={`review-q-${question.id}`}>
      {label}
    </Text>
  );
  if (type === QuestionType.Rating) {
    const n = Number(value);
    return (
      <Stack gap={4} data-testid="rating-question">
        {heading}
        <Rating
          count={ratingScaleMax}
          value={Number.isFinite(n) ? n : 0}
          onChange={(v) => onChange(String(v))}
          readOnly={disabled}
          size="lg"
          aria-labelledby={`review-q-${question.id}`}
        />
      </Stack>
    );
  }
  if (type === QuestionType.Single) {
    return (
      <Radio.Group value={value ?? null} onChange={onChange} label={label} readOnly={disabled}>
        <Stack gap={6} mt={6}>
          {question.options.map((o) => (
            <Radio key={o.id} value={String(o.id)} label={o.text} disabled={disabled} />
          ))}
        </Stack>
      </Radio.Group>
    );
  }
  if (type === QuestionType.Multiple || type === QuestionType.Rank) {
    return (
      <Checkbox.Group
        value={splitChoice(value)}
        onChange={(ids) => onChange(joinChoice(ids))}
        label={label}
        readOnly={disabled}
      >
        <Stack gap={6} mt={6}>
          {question.options.map((o) => (
            <Checkbox key={o.id} value={String(o.id)} label={o.text} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  }
  return (
    <Textarea
      label={label}
      value={value ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      placeholder={reviewText.openPlaceholder}
      autosize
      minRows={2}
      disabled={disabled}
    />
  );
}
