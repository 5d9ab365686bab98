/**
 * The assignment edit screen (001 §2 'Assignment edit', §4): title, description, due date and the
 * Type 'Interview'; Save and Delete, then Publish (Active) once saved; the trainee list with add
 * (the assign dialog) and remove. The composition is kept as chosen in the wizard.
 */
import { Button, Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import {
  AssignmentStatus,
  Role,
  messages,
  updateInterviewAssignmentBodySchema,
  type AssignmentDetail,
} from '@practica/contract';
import { IconClipboardOff } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { PageTitle } from '@shared/components/page-title';
import { StatusMessage } from '@shared/components/status-message';
import { assignmentText } from '../../../config/assignment-text';
import {
  useDeleteAssignment,
  useSetAssignmentStatus,
  useUpdateAssignment,
} from '../api/change-assignment';
import { useAssignment } from '../api/get-assignment';
import { useAssignmentUsers } from '../api/list-assignment-users';
import { AssignDialog, answeredIds } from './assign-dialog';
import {
  AssignmentInfoFields,
  closeDateRefusal,
  type AssignmentInfoValues,
} from './assignment-info-fields';
import { TraineesTable } from './trainees-table';

export interface AssignmentEditViewProps {
  assignmentId: number;
  onDeleted: () => void;
  onPublished: () => void;
}

/** The edit screen; the form mounts once the assignment is loaded. */
export function AssignmentEditView(props: AssignmentEditViewProps) {
  const query = useAssignment(props.assignmentId);
  if (query.isLoading) return <Loader />;
  if (!query.data)
    return <StatusMessage icon={<IconClipboardOff size={40} />} title={assignmentText.notFound} />;
  return <EditForm {...props} assignment={query.data} />;
}

function EditForm({
  assignment,
  onDeleted,
  onPublished,
}: AssignmentEditViewProps & { assignment: AssignmentDetail }) {
  const id = assignment.id;
  const [values, setValues] = useState<AssignmentInfoValues>({
    name: assignment.name,
    description: assignment.description,
    closeDate: assignment.closeDate ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof AssignmentInfoValues, string>>>({});
  const [dirty, setDirty] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const update = useUpdateAssignment(id);
  const remove = useDeleteAssignment(id);
  const setStatus = useSetAssignmentStatus(id);
  const trainees = useAssignmentUsers(id, Role.Trainee);
  const { data } = assignment;

  const save = () => {
    const result = updateInterviewAssignmentBodySchema.safeParse({
      name: values.name,
      description: values.description,
      closeDate: values.closeDate,
      interviewId: data.interviewId,
      environmentId: data.environmentId,
      roles: data.roles.map((r) => ({ roleId: r.roleId, avatarId: r.avatarId })),
      ratingsId: data.ratingsId,
      feedbackId: data.feedbackId,
    });
    // decisions.md#console-flows §6: a due date before today is refused as on the server (the stored one may stay).
    const pastDate = closeDateRefusal(values.closeDate, assignment.closeDate);
    if (!result.success || pastDate) {
      const next: typeof errors = pastDate ? { closeDate: pastDate } : {};
      for (const issue of result.error?.issues ?? []) {
        const key = issue.path[0];
        if ((key === 'name' || key === 'description' || key === 'closeDate') && !next[key]) {
          next[key] = issue.message;
        }
      }
      setErrors(next);
      return;
    }
    update.mutate(result.data, { onSuccess: () => setDirty(false) });
  };

  const draftLike =
    assignment.statusId === AssignmentStatus.Draft ||
    assignment.statusId === AssignmentStatus.Planned;

  return (
    <Grid gap="lg" align="flex-start">
      <PageTitle title={assignment.name} />
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Title order={3}>{messages.editAssignment}</Title>
            <AssignmentInfoFields
              values={values}
              errors={errors}
              storedCloseDate={assignment.closeDate}
              onChange={(next) => {
                setValues(next);
                setErrors({});
                setDirty(true);
              }}
            />
            <Group justify="flex-end">
              <Button variant="light" color="red" onClick={() => setDeleting(true)}>
                {messages.delete}
              </Button>
              {dirty || !draftLike ? (
                <Button loading={update.isPending} onClick={save}>
                  {messages.save}
                </Button>
              ) : (
                <Button
                  loading={setStatus.isPending}
                  onClick={() =>
                    setStatus.mutate(AssignmentStatus.Active, { onSuccess: onPublished })
                  }
                >
                  {messages.publish}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md" p="md">
          <TraineesTable assignmentId={id} canAdd onAdd={() => setAssigning(true)} />
        </Paper>
      </Grid.Col>
      <DeleteDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={assignmentText.deleteTitle}
        message={assignmentText.deleteQuestion}
        onConfirm={() => remove.mutateAsync().then(onDeleted)}
      />
      <AssignDialog
        opened={assigning}
        onClose={() => setAssigning(false)}
        assignmentId={id}
        organizationId={assignment.organizationId}
        roleId={Role.Trainee}
        memberIds={trainees.data?.list.map((u) => u.id) ?? []}
        lockedIds={answeredIds(trainees.data?.list)}
        membersLoading={!trainees.data || trainees.isPlaceholderData}
      />
    </Grid>
  );
}
