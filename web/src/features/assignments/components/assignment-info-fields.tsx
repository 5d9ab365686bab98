/**
 * The assignment's own fields (001 §2 wizard step 'Assignment Info' and the edit screen): title,
 * description, due date (date only, stored as closeDate) and the Type selector fixed to 'Interview'.
 * The due date follows the server's rule (decisions.md#console-flows §6): not before today, except the date the
 * assignment already has (an overdue assignment's texts stay editable); the date picker offers no
 * earlier day and `closeDateRefusal` gives the server's message for the form to refuse it.
 */
import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { messages } from '@practica/contract';
import { assignmentText } from '../../../config/assignment-text';

export interface AssignmentInfoValues {
  name: string;
  description: string;
  /** `YYYY-MM-DD` or empty. */
  closeDate: string;
}

export interface AssignmentInfoFieldsProps {
  values: AssignmentInfoValues;
  onChange: (values: AssignmentInfoValues) => void;
  errors?: Partial<Record<keyof AssignmentInfoValues, string>>;
  disabled?: boolean;
  /** The due date the assignment has (edit screen): allowed even when it has passed. */
  storedCloseDate?: string | null;
}

/** Today in the browser's time zone, `YYYY-MM-DD`. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The due-date rule of the server (POST/PUT /assignments/interview): `closeDate` (`YYYY-MM-DD` or
 * empty) before `today` is refused with 'Due date cannot be before today!', unless it is
 * `stored`, the assignment's current due date. Answers the message, or null when allowed.
 */
export function closeDateRefusal(
  closeDate: string,
  stored: string | null = null,
  today: string = localIsoDate(),
): string | null {
  if (closeDate === '' || closeDate === stored || closeDate >= today) return null;
  return messages.closeDateInPast;
}

const typeValue = 'interview';

/** Title, description, due date and the disabled Type selector. */
export function AssignmentInfoFields({
  values,
  onChange,
  errors = {},
  disabled = false,
  storedCloseDate = null,
}: AssignmentInfoFieldsProps) {
  const today = localIsoDate();
  const earliest = storedCloseDate && storedCloseDate < today ? storedCloseDate : today;
  return (
    <Stack gap="sm">
      <TextInput
        label={messages.title}
        placeholder={assignmentText.namePlaceholder}
        withAsterisk
        value={values.name}
        error={errors.name}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, name: event.currentTarget.value })}
      />
      <Textarea
        label={messages.description}
        placeholder={assignmentText.descriptionPlaceholder}
        withAsterisk
        autosize
        minRows={3}
        value={values.description}
        error={errors.description}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, description: event.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={messages.dueDate}
        min={earliest}
        value={values.closeDate}
        error={errors.closeDate}
        disabled={disabled}
        onChange={(event) => onChange({ ...values, closeDate: event.currentTarget.value })}
      />
      <Select
        label={messages.type}
        data={[{ value: typeValue, label: messages.interviewType }]}
        value={typeValue}
        disabled
      />
    </Stack>
  );
}
