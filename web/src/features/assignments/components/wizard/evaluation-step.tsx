/**
 * Wizard step 'Select evaluation' (001 §2): a Ratings / Feedback toggle, each with '(1/1)' or
 * '(0/1)', the Active evaluations of that type with a radio choice (one of each at most), and a
 * preview of the chosen one's questions.
 */
import {
  Grid,
  Loader,
  Paper,
  Radio,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  ContentType,
  dateFormat,
  format,
  messages,
  type ContentListItem,
} from '@practica/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { assignmentText } from '../../../../config/assignment-text';
import { useAssignableEvaluations, useQuestionnaire } from '../../api/list-wizard-sources';
import { QuestionsPreview } from '../questions-preview';

export interface EvaluationStepProps {
  /** The assignment's organization: the evaluations assignable to it are offered. */
  organizationId: number | null;
  ratingsId: number | null;
  feedbackId: number | null;
  onPick: (evaluation: ContentListItem) => void;
}

/** Step 4 of the wizard. */
export function EvaluationStep({
  organizationId,
  ratingsId,
  feedbackId,
  onPick,
}: EvaluationStepProps) {
  const [typeId, setTypeId] = useState<number>(ContentType.RatingScale);
  const evaluations = useAssignableEvaluations(organizationId, typeId);
  const chosenId = typeId === ContentType.RatingScale ? ratingsId : feedbackId;
  const preview = useQuestionnaire(chosenId);

  return (
    <Stack gap="md">
      <SegmentedControl
        w="fit-content"
        value={String(typeId)}
        onChange={(value) => setTypeId(Number(value))}
        data={[
          {
            value: String(ContentType.RatingScale),
            label: `${messages.ratings} ${format.evaluationCounter(ratingsId !== null)}`,
          },
          {
            value: String(ContentType.Feedback),
            label: `${messages.feedback} ${format.evaluationCounter(feedbackId !== null)}`,
          },
        ]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md">
            <Table highlightOnHover aria-label={messages.stepSelectEvaluation}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40} />
                  <Table.Th>{messages.name}</Table.Th>
                  <Table.Th>{messages.questions}</Table.Th>
                  <Table.Th>{messages.date}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {evaluations.isLoading && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>
                      <Loader size="sm" />
                    </Table.Td>
                  </Table.Tr>
                )}
                {evaluations.data?.list.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{messages.noRecordsFound}</Table.Td>
                  </Table.Tr>
                )}
                {evaluations.data?.list.map((row) => (
                  <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => onPick(row)}>
                    <Table.Td>
                      <Radio
                        aria-label={row.name}
                        checked={row.id === chosenId}
                        onChange={() => onPick(row)}
                      />
                    </Table.Td>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{row.questionsCount}</Table.Td>
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
              <Title order={4}>{preview.data?.content.name ?? messages.questions}</Title>
              {!chosenId && <Text c="dimmed">{assignmentText.noEvaluationSelected}</Text>}
              {preview.isLoading && <Loader size="sm" />}
              {preview.data && (
                <ScrollArea.Autosize mah={420}>
                  <QuestionsPreview questionnaire={preview.data} />
                </ScrollArea.Autosize>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
