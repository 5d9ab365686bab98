/**
 * The options of a question (001 §5): named 'Option {n}', at most 10; the counter turns to the
 * danger colour at the maximum and the Add Option button disappears.
 */
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { format, maxOptionsPerQuestion } from '@practica/contract';
import { IconPlus, IconX } from '@tabler/icons-react';
import { contentText } from '../../../config/content-text';

export interface OptionRow {
  id: number | null;
  text: string;
  correctAnswer: number;
}

export interface OptionsEditorProps {
  options: OptionRow[];
  onChange: (options: OptionRow[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** Options of a single, multiple, rating or ranking question. */
export function OptionsEditor({ options, onChange, error, disabled }: OptionsEditorProps) {
  const full = options.length >= maxOptionsPerQuestion;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {contentText.options}
        </Text>
        <Text
          size="xs"
          c={full ? 'red' : 'dimmed'}
          fw={full ? 700 : 400}
          data-testid="options-count"
        >
          {contentText.optionsCount(options.length, maxOptionsPerQuestion)}
        </Text>
      </Group>
      {options.map((option, i) => (
        <Group key={i} gap="xs" wrap="nowrap">
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
      ))}
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
