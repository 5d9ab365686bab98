/**
 * The body of the wizard's choose-a-content steps (001 §2 'Select interview', 'Select
 * evaluation'): a table of the assignable content with a radio per row (the row clicks too), Name,
 * one column of the caller's (Origin, Questions) and Date (updated), the shared loading and
 * `messages.noRecordsFound` rows; beside it a card with the chosen content's questions.
 */
import { Grid, Loader, Paper, Radio, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { dateFormat, messages } from '@practica/contract';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useQuestionnaire } from '../../api/list-wizard-sources';
import { QuestionsPreview } from '../questions-preview';

/** What every row of the table has. */
export interface ContentChoiceRow {
  id: number;
  name: string;
  updatedAt: string;
}

export interface ContentChoiceProps<T extends ContentChoiceRow> {
  /** Accessible name of the table. */
  label: string;
  /** The assignable content's query: its list, and whether it is loading. */
  source: { data?: { list: readonly T[] }; isLoading: boolean };
  chosenId: number | null;
  onPick: (row: T) => void;
  /** The column between Name and Date. */
  column: { header: string; cell: (row: T) => ReactNode };
  /** The card's title until the chosen content is loaded. */
  previewTitle: string;
  /** The card's text while nothing is chosen. */
  noneChosenText: string;
}

/** A radio table of content with the chosen one's questions beside it (001 §2). */
export function ContentChoice<T extends ContentChoiceRow>({
  label,
  source,
  chosenId,
  onPick,
  column,
  previewTitle,
  noneChosenText,
}: ContentChoiceProps<T>) {
  const preview = useQuestionnaire(chosenId);
  const rows = source.data?.list;
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Paper withBorder radius="md">
          <Table highlightOnHover aria-label={label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{messages.name}</Table.Th>
                <Table.Th>{column.header}</Table.Th>
                <Table.Th>{messages.date}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {source.isLoading && (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Loader size="sm" />
                  </Table.Td>
                </Table.Tr>
              )}
              {rows?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={4}>{messages.noRecordsFound}</Table.Td>
                </Table.Tr>
              )}
              {rows?.map((row) => (
                <Table.Tr key={row.id} style={{ cursor: 'pointer' }} onClick={() => onPick(row)}>
                  <Table.Td>
                    <Radio
                      aria-label={row.name}
                      checked={row.id === chosenId}
                      onChange={() => onPick(row)}
                    />
                  </Table.Td>
                  <Table.Td>{row.name}</Table.Td>
                  <Table.Td>{column.cell(row)}</Table.Td>
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
            <Title order={4}>{preview.data?.content.name ?? previewTitle}</Title>
            {!chosenId && <Text c="dimmed">{noneChosenText}</Text>}
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
  );
}
