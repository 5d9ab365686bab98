/**
 * The question table of the editors (001 §2 'New Interview' edit screen, evaluations): number,
 * question, type, role (interviews); the count as n/max; the add button hidden at the maximum.
 * Editing and deleting are offered while the content is Draft (001 §4). The links to the question
 * editor say they come from this editor (`fromContentEditor`), so its Save and Cancel step back.
 */
import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import {
  format,
  messages,
  questionTypeLabels,
  type InterviewRole,
  type Question,
} from '@practica/contract';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { DeleteDialog } from '@shared/components/confirm-dialog';
import { contentText } from '../../../config/content-text';
import { useDeleteQuestion } from '../api/questions';
import { fromContentEditor } from '../editor-return';

export interface QuestionTableProps {
  questions: readonly Question[];
  roles?: readonly InterviewRole[] | undefined;
  /** The maximum number of questions; absent: no limit shown. */
  max?: number | undefined;
  editable: boolean;
  createPath: string;
  editPath: (question: Question) => string;
}

/** The questions of an interview or evaluation. */
export function QuestionTable({
  questions,
  roles,
  max,
  editable,
  createPath,
  editPath,
}: QuestionTableProps) {
  const remove = useDeleteQuestion();
  const [deleting, setDeleting] = useState<Question | null>(null);
  const full = max !== undefined && questions.length >= max;
  return (
    <Paper p="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={3} size="h5">
            {messages.questions}
          </Title>
          <Badge variant="light" data-testid="question-count">
            {max !== undefined ? format.countOf(questions.length, max) : questions.length}
          </Badge>
        </Group>
        {editable && !full && (
          <Button
            component={Link}
            to={createPath}
            state={fromContentEditor}
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
          >
            {contentText.addQuestion}
          </Button>
        )}
      </Group>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {contentText.noQuestions}
        </Text>
      ) : (
        <Table aria-label={messages.questions} verticalSpacing="xs">
          <Table.Tbody>
            {questions.map((q, i) => (
              <Table.Tr key={q.id}>
                <Table.Td w={48}>
                  <Text size="sm" fw={600}>
                    {format.questionShortLabel(i + 1)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{q.text}</Text>
                  <Text size="xs" c="dimmed">
                    {[
                      questionTypeLabels[q.questionTypeId],
                      roles?.find((r) => r.id === q.interviewRoleId)?.name,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td w={90}>
                  {editable && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        component={Link}
                        to={editPath(q)}
                        state={fromContentEditor}
                        variant="subtle"
                        aria-label={contentText.editQuestion(i + 1)}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={contentText.deleteQuestion(i + 1)}
                        onClick={() => setDeleting(q)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <DeleteDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={messages.delete}
        message={contentText.deleteQuestionConfirm}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : undefined)}
      />
    </Paper>
  );
}
