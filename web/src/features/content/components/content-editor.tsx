/**
 * New Interview / edit interview and New / edit evaluation (001 §2, §4, §5): the details form
 * (Title messages.titleRequired, Description messages.descriptionRequired, and for interviews the
 * roles with names and avatars, messages.roleRequired), then on the edit screen the question table
 * (n/max for interviews; add hidden at the maximum) and the state actions. A new item's save
 * reports the created id so the page can replace history with its edit screen. A Draft a reviewer
 * returned with a reason shows that reason on top (decisions.md#console-flows §7).
 */
import {
  ActionIcon,
  Alert,
  Button,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ContentStatus,
  ContentType,
  evaluationFormSchema,
  interviewFormSchema,
  isEvaluationType,
  maxQuestionsPerInterview,
  maxRolesPerInterview,
  messages,
  type ContentTypeId,
  type Questionnaire,
} from '@practica/contract';
import { IconMessageCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { contentApprovalText } from '../../../config/content-approval-text';
import { contentText } from '../../../config/content-text';
import { useAvatars } from '../api/list-avatars';
import { useSaveEvaluation, useSaveInterview } from '../api/save-content';
import { toast } from '@shared/lib/toast';
import { isApiError } from '@shared/lib/api-client';
import { AvatarSelect } from './avatar-select';
import { ContentActions } from './content-actions';
import { ContentStatusBadge } from './content-status-badge';
import { QuestionTable } from './question-table';

interface RoleValues {
  id: number | null;
  name: string;
  avatarId: number | null;
}
interface DetailsValues {
  name: string;
  description: string;
  roles: RoleValues[];
}

export interface ContentEditorProps {
  contentTypeId: ContentTypeId;
  /** The item being edited; absent on the create screen. */
  questionnaire?: Questionnaire | undefined;
  /** After the first save of a new item. */
  onCreated: (saved: Questionnaire) => void;
  /** After the item was deleted, or Cancel. */
  onLeave: () => void;
  questionCreatePath: (contentId: number) => string;
  questionEditPath: (contentId: number, questionId: number) => string;
}

function valuesOf(q: Questionnaire | undefined, interview: boolean): DetailsValues {
  return {
    name: q?.content.name ?? '',
    description: q?.content.description ?? '',
    roles: q
      ? q.roles.map((r) => ({ id: r.id, name: r.name, avatarId: r.avatarId }))
      : interview
        ? [{ id: null, name: '', avatarId: null }]
        : [],
  };
}

/** The editor of an interview or evaluation (001 §2). */
export function ContentEditor({
  contentTypeId,
  questionnaire,
  onCreated,
  onLeave,
  questionCreatePath,
  questionEditPath,
}: ContentEditorProps) {
  const interview = contentTypeId === ContentType.Interview;
  const saveInterview = useSaveInterview();
  const saveEvaluation = useSaveEvaluation(
    isEvaluationType(contentTypeId) ? contentTypeId : ContentType.RatingScale,
  );
  const avatars = useAvatars();
  const form = useForm<DetailsValues>({
    mode: 'controlled',
    initialValues: valuesOf(questionnaire, interview),
    validate: schemaResolver(interview ? interviewFormSchema : evaluationFormSchema, {
      sync: true,
    }),
  });
  const content = questionnaire?.content;
  const editable = !content || content.statusId === ContentStatus.Draft;
  const pending = saveInterview.isPending || saveEvaluation.isPending;

  // A fresh answer from the server (after a save or a status change) becomes the clean state.
  useEffect(() => {
    if (questionnaire) {
      const values = valuesOf(questionnaire, interview);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [questionnaire]);

  const submit = form.onSubmit((values) => {
    const onError = (error: unknown) => {
      if (isApiError(error)) form.setErrors(error.fieldErrors());
    };
    const onSuccess = (saved: Questionnaire) => {
      toast.success(
        interview
          ? questionnaire
            ? messages.interviewUpdated
            : messages.interviewCreated
          : questionnaire
            ? messages.evaluationUpdated
            : messages.evaluationCreated,
      );
      if (!questionnaire) onCreated(saved);
    };
    if (interview) {
      const body = interviewFormSchema.parse(values);
      saveInterview.mutate({ id: questionnaire?.id, body }, { onSuccess, onError });
    } else {
      const body = evaluationFormSchema.parse(values);
      saveEvaluation.mutate({ id: questionnaire?.id, body }, { onSuccess, onError });
    }
  });

  const roleError = typeof form.errors.roles === 'string' ? form.errors.roles : undefined;

  return (
    <Stack gap="lg">
      {content?.statusId === ContentStatus.Draft && content.returnReason && (
        <Alert
          color="orange"
          variant="light"
          title={contentApprovalText.returnedTitle}
          icon={<IconMessageCircle size={18} aria-hidden />}
        >
          <Text size="sm">{contentApprovalText.returnedBy}</Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }} data-testid="return-reason">
            {content.returnReason}
          </Text>
        </Alert>
      )}
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: interview ? 7 : 12 }}>
          <Paper
            p="md"
            component="form"
            onSubmit={submit}
            noValidate
            aria-label={contentText.details}
          >
            <Stack gap="md">
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {contentText.details}
                </Title>
                {content && <ContentStatusBadge statusId={content.statusId} />}
              </Group>
              <TextInput
                label={messages.title}
                withAsterisk
                disabled={!editable}
                autoComplete="off"
                {...form.getInputProps('name')}
              />
              <Textarea
                label={messages.description}
                withAsterisk
                autosize
                minRows={3}
                maxRows={8}
                disabled={!editable}
                {...form.getInputProps('description')}
              />
              {interview && (
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    {contentText.roles}
                  </Text>
                  {form.values.roles.map((role, i) => (
                    <Group key={i} gap="sm" align="flex-start" wrap="wrap">
                      <TextInput
                        style={{ flex: '1 1 12rem' }}
                        aria-label={contentText.roleName(i + 1)}
                        placeholder={messages.role}
                        disabled={!editable}
                        {...form.getInputProps(`roles.${i}.name`)}
                      />
                      <div style={{ flex: '0 1 220px', minWidth: 0 }}>
                        <AvatarSelect
                          avatars={avatars.data?.list ?? []}
                          value={role.avatarId}
                          onChange={(id) => form.setFieldValue(`roles.${i}.avatarId`, id)}
                          label={contentText.roleAvatar(i + 1)}
                          hideLabel
                          disabled={!editable}
                        />
                      </div>
                      {editable && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={6}
                          aria-label={contentText.removeRole(i + 1)}
                          onClick={() => form.removeListItem('roles', i)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  ))}
                  {roleError && (
                    <Text c="red" size="xs" role="alert">
                      {roleError}
                    </Text>
                  )}
                  {editable && form.values.roles.length < maxRolesPerInterview && (
                    <Group>
                      <Button
                        variant="subtle"
                        size="xs"
                        leftSection={<IconPlus size={14} aria-hidden />}
                        onClick={() =>
                          form.insertListItem('roles', { id: null, name: '', avatarId: null })
                        }
                      >
                        {contentText.addRole}
                      </Button>
                    </Group>
                  )}
                </Stack>
              )}
              {editable && (
                <Group justify="flex-end">
                  <Button type="submit" loading={pending}>
                    {messages.save}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        {interview && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            {questionnaire ? (
              <QuestionTable
                questions={questionnaire.questions}
                roles={questionnaire.roles}
                max={maxQuestionsPerInterview}
                editable={editable}
                createPath={questionCreatePath(questionnaire.id)}
                editPath={(q) => questionEditPath(questionnaire.id, q.id)}
              />
            ) : (
              <Paper p="md">
                <Text size="sm" c="dimmed">
                  {contentText.saveFirstHint}
                </Text>
              </Paper>
            )}
          </Grid.Col>
        )}
      </Grid>
      {!interview && questionnaire && (
        <QuestionTable
          questions={questionnaire.questions}
          editable={editable}
          createPath={questionCreatePath(questionnaire.id)}
          editPath={(q) => questionEditPath(questionnaire.id, q.id)}
        />
      )}
      {content && (
        <ContentActions
          content={content}
          dirty={form.isDirty()}
          onDeleted={onLeave}
          onCancel={onLeave}
        />
      )}
    </Stack>
  );
}
