/**
 * The options of a question (001 §3 option: id, text, correctAnswer as a number defaulting to 0;
 * §5): named 'Option {n}', at most 10; the counter turns to the danger colour at the maximum and the
 * Add Option button disappears. Single and multiple choice mark their correct answers with a
 * checkbox per option (`correctAnswer` 1): at most one for single choice (marking one clears the
 * others), any for multiple; none is fine. Rating and ranking options carry no correct answer (the
 * scale and the order are the answer), and neither do the choices of a feedback form (decisions.md#console-flows §8:
 * a reviewer's feedback has no right answer, so the editor does not speak of one).
 */
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  ContentType,
  format,
  maxOptionsPerQuestion,
  QuestionType,
  type ContentTypeId,
  type QuestionTypeId,
} from '@practica/contract';
import { contentApprovalText } from '../../../config/content-approval-text';
import { IconPlus, IconX } from '@tabler/icons-react';
import { contentText } from '../../../config/content-text';

export interface OptionRow {
  id: number | null;
  text: string;
  correctAnswer: number;
}

/**
 * How a question type marks its correct answers: one, several, or none; none at all in a feedback
 * form (`contentTypeId` Feedback).
 */
export function correctAnswerMode(
  questionTypeId: QuestionTypeId,
  contentTypeId?: ContentTypeId,
): 'one' | 'many' | 'none' {
  if (contentTypeId === ContentType.Feedback) return 'none';
  if (questionTypeId === QuestionType.Single) return 'one';
  if (questionTypeId === QuestionType.Multiple) return 'many';
  return 'none';
}

/**
 * The options fitted to `questionTypeId` after a type change: single choice keeps only its first
 * correct answer, types without correct answers keep none.
 */
export function fitCorrectAnswers(
  options: OptionRow[],
  questionTypeId: QuestionTypeId,
): OptionRow[] {
  const mode = correctAnswerMode(questionTypeId);
  if (mode === 'many') return options;
  const first = mode === 'one' ? options.findIndex((o) => o.correctAnswer > 0) : -1;
  return options.map((o, i) => ({ ...o, correctAnswer: i === first ? o.correctAnswer : 0 }));
}

export interface OptionsEditorProps {
  options: OptionRow[];
  onChange: (options: OptionRow[]) => void;
  /** Decides the correct-answer control (none for rating and ranking). */
  questionTypeId: QuestionTypeId;
  /** The content the question belongs to: a feedback form has no correct answers. */
  contentTypeId?: ContentTypeId | undefined;
  error?: string | undefined;
  disabled?: boolean;
}

/** Options of a single, multiple, rating or ranking question. */
export function OptionsEditor({
  options,
  onChange,
  questionTypeId,
  contentTypeId,
  error,
  disabled,
}: OptionsEditorProps) {
  const full = options.length >= maxOptionsPerQuestion;
  const mode = correctAnswerMode(questionTypeId, contentTypeId);
  const mark = (index: number, correct: boolean) =>
    onChange(
      options.map((o, j) =>
        j === index
          ? { ...o, correctAnswer: correct ? 1 : 0 }
          : mode === 'one' && correct
            ? { ...o, correctAnswer: 0 }
            : o,
      ),
    );

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Group gap="xs">
          <Text fw={600} size="sm">
            {contentText.options}
          </Text>
          {mode !== 'none' && (
            <Text size="xs" c="dimmed">
              {mode === 'one' ? contentText.markCorrectOne : contentText.markCorrectMany}
            </Text>
          )}
          {contentTypeId === ContentType.Feedback && (
            <Text size="xs" c="dimmed">
              {contentApprovalText.feedbackOptionsHint}
            </Text>
          )}
        </Group>
        <Text
          size="xs"
          c={full ? 'red' : 'dimmed'}
          fw={full ? 700 : 400}
          data-testid="options-count"
        >
          {contentText.optionsCount(options.length, maxOptionsPerQuestion)}
        </Text>
      </Group>
      {options.map((option, i) => {
        const correctLabel = contentText.correctAnswerOf(format.optionName(i + 1));
        const correct = option.correctAnswer > 0;
        return (
          <Group key={i} gap="xs" wrap="nowrap">
            {mode !== 'none' && (
              <Checkbox
                aria-label={correctLabel}
                checked={correct}
                disabled={disabled}
                onChange={(e) => mark(i, e.currentTarget.checked)}
              />
            )}
            <TextInput
              style={{ flex: 1 }}
              aria-label={format.optionName(i + 1)}
              placeholder={format.optionName(i + 1)}
              value={option.text}
              disabled={disabled}
              onChange={(e) => {
                const text = e.currentTarget.value;
                onChange(options.map((o, j) => (j === i ? { ...o, text } : o)));
              }}
            />
            {!disabled && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={contentText.removeOption(i + 1)}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {error && (
        <Text c="red" size="xs" role="alert">
          {error}
        </Text>
      )}
      {!disabled && !full && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() =>
              onChange([
                ...options,
                { id: null, text: format.optionName(options.length + 1), correctAnswer: 0 },
              ])
            }
          >
            {contentText.addOption}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
