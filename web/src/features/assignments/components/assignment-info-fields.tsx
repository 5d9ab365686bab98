/**
 * The assignment's own fields (001 §2 wizard step 'Assignment Info' and the edit screen): title,
 * description, due date (date only, stored as closeDate) and the Type selector fixed to 'Interview'.
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
}

const typeValue = 'interview';

/** Title, description, due date and the disabled Type selector. */
export function AssignmentInfoFields({
  values,
  onChange,
  errors = {},
  disabled = false,
}: AssignmentInfoFieldsProps) {
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
