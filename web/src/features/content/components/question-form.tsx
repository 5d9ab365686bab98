/**
 * New / edit question (001 §2 'New question', §4, §5): a 420px info panel on the left (question
 * type, disabled unless the content is feedback; description; for interviews the role and the
 * audio rows) and the question with its options on the right, in an editor area of at most 70vh.
 * The save button reads 'Saving...' and is disabled while submitting; Cancel and save call `onDone`.
 * decisions.md#console-flows §8: a rating question asks for no options (the review rates it with 5 stars; a new one
 * is saved without options, which the server accepts: 001 §5 requires options only of single,
 * multiple and ranking questions; options stored earlier are kept as they are); an audio row
 * starts with the avatar of the question's role. Below the md breakpoint the two panels stack.
 */
import {
  Box,
  Button,
  Flex,
  Group,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  allowedQuestionTypes,
  ContentStatus,
  ContentType,
  defaultOptionCounts,
  format,
  messages,
  questionFormSchema,
  questionInfoPanelWidthPx,
  questionsEditorMaxHeight,
  QuestionType,
  questionTypeHasOptions,
  questionTypeLabels,
  questionTypeNeedsOptions,
  type ContentTypeId,
  type Question,
  type Questionnaire,
  type QuestionTypeId,
} from '@practica/contract';
import { contentText } from '../../../config/content-text';
import { isApiError } from '@shared/lib/api-client';
import { useAvatars } from '../api/list-avatars';
import { useSaveQuestion } from '../api/questions';
import { AudioRows, type AudioRow } from './audio-rows';
import { fitCorrectAnswers, OptionsEditor, type OptionRow } from './options-editor';

interface QuestionValues {
  text: string;
  description: string;
  questionTypeId: QuestionTypeId;
  interviewRoleId: number | null;
  options: OptionRow[];
  audios: AudioRow[];
}

/**
 * 001 §5: the options a new question of `type` starts with (2 single, 4 multiple and ranking);
 * none for rating, whose 5 stars are the answer (decisions.md#console-flows §8).
 */
export function defaultOptions(type: QuestionTypeId): OptionRow[] {
  const counts: Partial<Record<QuestionTypeId, number>> = {
    [QuestionType.Single]: defaultOptionCounts.single,
    [QuestionType.Multiple]: defaultOptionCounts.multiple,
    [QuestionType.Rank]: defaultOptionCounts.rank,
  };
  return Array.from({ length: counts[type] ?? 0 }, (_, i) => ({
    id: null,
    text: format.optionName(i + 1),
    correctAnswer: 0,
  }));
}

function valuesOf(
  question: Question | undefined,
  contentTypeId: ContentTypeId,
  firstRoleId: number | null,
): QuestionValues {
  if (question) {
    return {
      text: question.text,
      description: question.description,
      questionTypeId: question.questionTypeId,
      interviewRoleId: question.interviewRoleId,
      options: question.options.map((o) => ({
        id: o.id,
        text: o.text,
        correctAnswer: o.correctAnswer,
      })),
      audios: question.audios.map((a) => ({
        id: a.id,
        audioId: a.audioId,
        avatarId: a.avatarId,
        fileName: `${a.audio.name}.${a.audio.extension}`,
        url: a.audio.url,
        progress: null,
      })),
    };
  }
  const type = allowedQuestionTypes[contentTypeId][0] ?? QuestionType.Open;
  return {
    text: '',
    description: '',
    questionTypeId: type,
    interviewRoleId: contentTypeId === ContentType.Interview ? firstRoleId : null,
    options: questionTypeHasOptions(type) ? defaultOptions(type) : [],
    audios: [],
  };
}

export interface QuestionFormProps {
  contentTypeId: ContentTypeId;
  questionnaire: Questionnaire;
  question?: Question | undefined;
  /** After save or Cancel. */
  onDone: () => void;
}

/** The question editor (001 §2). */
export function QuestionForm({
  contentTypeId,
  questionnaire,
  question,
  onDone,
}: QuestionFormProps) {
  const interview = contentTypeId === ContentType.Interview;
  const save = useSaveQuestion(questionnaire.id);
  const avatars = useAvatars();
  const form = useForm<QuestionValues>({
    mode: 'controlled',
    initialValues: valuesOf(question, contentTypeId, questionnaire.roles[0]?.id ?? null),
    validate: schemaResolver(questionFormSchema, { sync: true }),
  });
  const editable = questionnaire.content.statusId === ContentStatus.Draft;
  const uploading = form.values.audios.some((a) => a.progress !== null);
  const types = allowedQuestionTypes[contentTypeId];

  const submit = form.onSubmit((values) => {
    save.mutate(
      {
        id: question?.id ?? null,
        contentId: questionnaire.id,
        text: values.text,
        description: values.description,
        questionTypeId: values.questionTypeId,
        interviewRoleId: interview ? values.interviewRoleId : null,
        tags: question?.tags ?? [],
        options: questionTypeHasOptions(values.questionTypeId) ? values.options : [],
        audios: interview
          ? values.audios.map((a) => ({ id: a.id, audioId: a.audioId, avatarId: a.avatarId }))
          : [],
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (isApiError(error)) form.setErrors(error.fieldErrors());
        },
      },
    );
  });

  const audioError = (i: number) => {
    const e = form.errors[`audios.${i}.audioId`] ?? form.errors[`audios.${i}.avatarId`];
    return typeof e === 'string' ? e : undefined;
  };
  const optionsError = typeof form.errors.options === 'string' ? form.errors.options : undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={contentText.questionDetails}>
      <Flex
        direction={{ base: 'column', md: 'row' }}
        align={{ base: 'stretch', md: 'flex-start' }}
        gap="lg"
      >
        <Paper p="md" w={{ base: '100%', md: questionInfoPanelWidthPx }} style={{ flexShrink: 0 }}>
          <Stack gap="md">
            <Title order={2} size="h5">
              {contentText.questionDetails}
            </Title>
            <Select
              label={contentText.questionType}
              data={(contentTypeId === ContentType.Feedback
                ? types
                : [form.values.questionTypeId]
              ).map((t) => ({ value: String(t), label: questionTypeLabels[t] }))}
              value={String(form.values.questionTypeId)}
              disabled={contentTypeId !== ContentType.Feedback || !editable}
              allowDeselect={false}
              onChange={(v) => {
                const type = Number(v) as QuestionTypeId;
                form.setFieldValue('questionTypeId', type);
                if (!question)
                  form.setFieldValue(
                    'options',
                    questionTypeHasOptions(type) ? defaultOptions(type) : [],
                  );
                else form.setFieldValue('options', (current) => fitCorrectAnswers(current, type));
              }}
            />
            <Textarea
              label={messages.description}
              autosize
              minRows={2}
              maxRows={6}
              disabled={!editable}
              {...form.getInputProps('description')}
            />
            {interview && (
              <Select
                label={messages.role}
                data={questionnaire.roles.map((r) => ({ value: String(r.id), label: r.name }))}
                value={form.values.interviewRoleId ? String(form.values.interviewRoleId) : null}
                onChange={(v) => form.setFieldValue('interviewRoleId', v ? Number(v) : null)}
                readOnly={Boolean(question) || questionnaire.roles.length < 2}
                disabled={!editable}
                allowDeselect={false}
              />
            )}
            {interview && (
              <AudioRows
                defaultAvatarId={
                  questionnaire.roles.find((r) => r.id === form.values.interviewRoleId)?.avatarId ??
                  null
                }
                rows={form.values.audios}
                onChange={(update) => form.setFieldValue('audios', update)}
                avatars={avatars.data?.list ?? []}
                errorOf={audioError}
                disabled={!editable}
              />
            )}
          </Stack>
        </Paper>
        <Paper p="md" style={{ flex: 1, minWidth: 0 }}>
          <ScrollArea.Autosize mah={questionsEditorMaxHeight} type="auto">
            <Stack gap="md" pr="xs">
              <Textarea
                label={contentText.questionText}
                withAsterisk
                autosize
                minRows={3}
                maxRows={10}
                disabled={!editable}
                {...form.getInputProps('text')}
              />
              {questionTypeNeedsOptions(form.values.questionTypeId) && (
                <OptionsEditor
                  contentTypeId={contentTypeId}
                  options={form.values.options}
                  onChange={(options) => form.setFieldValue('options', options)}
                  questionTypeId={form.values.questionTypeId}
                  error={optionsError}
                  disabled={!editable}
                />
              )}
            </Stack>
          </ScrollArea.Autosize>
          <Box mt="md">
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onDone} disabled={save.isPending}>
                {messages.cancel}
              </Button>
              {editable && (
                <Button type="submit" disabled={save.isPending || uploading}>
                  {save.isPending ? messages.saving : messages.save}
                </Button>
              )}
            </Group>
          </Box>
        </Paper>
      </Flex>
    </form>
  );
}
