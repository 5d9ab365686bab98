/**
 * Wizard step 'Recap' (001 §2): the question table (number, avatar, role, question), and beside
 * it what Confirm will create: the title, description and due date (decisions.md#console-flows §6), the
 * interview's name, the chosen ratings and feedback names and the environment.
 */
import { Avatar, Grid, Image, Paper, Stack, Table, Text } from '@mantine/core';
import { format, messages, type Questionnaire } from '@practica/contract';
import type { ReactNode } from 'react';
import { useAssignmentAvatars, useAssignmentEnvironments } from '../../api/list-wizard-sources';
import { dueDateText } from '../assignments-list';
import type { WizardForm } from './wizard-form';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** Step 5 of the wizard. */
export function RecapStep({
  form,
  interview,
}: {
  form: WizardForm;
  interview: Questionnaire | undefined;
}) {
  const avatars = useAssignmentAvatars(form.organizationId).data?.list ?? [];
  const environment = useAssignmentEnvironments(form.organizationId).data?.list.find(
    (e) => e.id === form.environmentId,
  );
  const roleOf = (roleId: number | null) => form.roles.find((r) => r.roleId === roleId);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={420} type="native">
            <Table aria-label={messages.stepRecap}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>#</Table.Th>
                  <Table.Th>{messages.avatar}</Table.Th>
                  <Table.Th>{messages.role}</Table.Th>
                  <Table.Th>{messages.questions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(interview?.questions ?? []).map((question, index) => {
                  const role = roleOf(question.interviewRoleId);
                  const avatar = avatars.find((a) => a.id === role?.avatarId);
                  return (
                    <Table.Tr key={question.id}>
                      <Table.Td>{format.questionShortLabel(index + 1)}</Table.Td>
                      <Table.Td>
                        <Avatar
                          src={avatar?.image?.url ?? null}
                          alt={avatar?.name ?? ''}
                          radius="xl"
                          size="sm"
                        />
                      </Table.Td>
                      <Table.Td>{role?.name ?? messages.noDate}</Table.Td>
                      <Table.Td>{question.text}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Field label={messages.title}>{form.name}</Field>
            <Field label={messages.description}>{form.description}</Field>
            <Field label={messages.dueDate}>{dueDateText(form.closeDate)}</Field>
            <Field label={messages.interviewType}>{form.interviewName}</Field>
            <Field label={messages.ratings}>{form.ratingsName}</Field>
            <Field label={messages.feedback}>{form.feedbackName}</Field>
            <Field label={messages.environment}>{environment?.name ?? messages.noDate}</Field>
            {environment?.image && (
              <Image src={environment.image.url} h={120} radius="sm" alt={environment.name} />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
