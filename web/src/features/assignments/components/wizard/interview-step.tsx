/**
 * Wizard step 'Select interview' (001 §2): the Active interviews with Name, Origin (own
 * organization's name or the shared label) and Date (updated), a radio choice, and a detail card
 * of the chosen interview's questions with their role names.
 */
import { Grid, Loader, Paper, Radio, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { dateFormat, messages, type InterviewListItem } from '@practica/contract';
import dayjs from 'dayjs';
import { assignmentText } from '../../../../config/assignment-text';
import { useAssignableInterviews, useQuestionnaire } from '../../api/list-wizard-sources';
import { QuestionsPreview } from '../questions-preview';

export interface InterviewStepProps {
  /** The assignment's organization: the interviews assignable to it are offered. */
  organizationId: number | null;
  interviewId: number | null;
  onPick: (interview: InterviewListItem) => void;
}

/** Step 2 of the wizard. */
export function InterviewStep({ organizationId, interviewId, onPick }: InterviewStepProps) {
  const interviews = useAssignableInterviews(organizationId);
  const detail = useQuestionnaire(interviewId);
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md">
          <Table highlightOnHover aria-label={messages.interviews}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{messages.name}</Table.Th>
                <Table.Th>{messages.origin}</Table.Th>
                <Table.Th>{messages.date}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {interviews.isLoading && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Loader size="sm" />
                  </Table.Td>
                </Table.Tr>
              )}
              {interviews.data?.list.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>{messages.noRecordsFound}</Table.Td>
                </Table.Tr>
              )}
              {interviews.data?.list.map((row) => (
                <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => onPick(row)}>
                  <Table.Td>
                    <Radio
                      aria-label={row.name}
                      checked={row.id === interviewId}
                      onChange={() => onPick(row)}
                    />
                  </Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{row.organization?.name ?? assignmentText.sharedOrigin}</Table.Td>
                  <Table.Td>{dayjs(row.updatedAt).format(dateFormat)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={4}>
              {detail.data?.content.name ?? assignmentText.interviewQuestions}
            </Title>
            {!interviewId && <Text c="dimmed">{assignmentText.noInterviewSelected}</Text>}
            {detail.isLoading && <Loader size="sm" />}
            {detail.data && (
              <ScrollArea.Autosize mah={420}>
                <QuestionsPreview questionnaire={detail.data} />
              </ScrollArea.Autosize>
            )}
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
