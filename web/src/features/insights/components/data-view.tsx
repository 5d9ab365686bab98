/**
 * One insights section (issue 23 §1): a titled card whose chart can be switched to a table (every
 * chart readable as a table: caption, column and row headers) and whose rows download as CSV.
 * The table and the CSV file come from the same `columns`, so they never differ. Without a chart
 * the section is a table only. Wide tables scroll inside the card, never the page.
 */
import {
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId, useState, type Key, type ReactNode } from 'react';
import { insightsText } from '../../../config/insights-text';
import { ColumnHeader } from '../../../components/list-table';
import { downloadCsv, type DataColumn } from '../csv';

/** A column of a section's table: as exported, plus an optional richer cell on screen. */
export interface ViewColumn<T> extends DataColumn<T> {
  cell?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

export interface DataViewProps<T> {
  title: string;
  /** The table's caption: what the rows are. */
  caption: string;
  columns: readonly ViewColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The CSV file's name, e.g. `assignment-12-criteria.csv`. */
  fileName: string;
  /** The chart; without one the section shows the table only. */
  chart?: ReactNode;
  /** Shown between the title and the chart or table (a headline figure, a note). */
  summary?: ReactNode;
  /** Shown instead of the chart and table when there are no rows. */
  empty?: ReactNode;
}

/** An insights section with its Chart/Table switch and CSV button. */
export function DataView<T>({
  title,
  caption,
  columns,
  rows,
  rowKey,
  fileName,
  chart,
  summary,
  empty,
}: DataViewProps<T>) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const headingId = useId();
  const showTable = !chart || view === 'table';
  const hasRows = rows.length > 0;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" gap="xs" mb="sm" wrap="wrap">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        {hasRows && (
          <Group gap="xs" wrap="nowrap">
            {chart && (
              <SegmentedControl
                size="xs"
                aria-label={insightsText.viewLabel(title)}
                value={view}
                onChange={(value) => setView(value as 'chart' | 'table')}
                data={[
                  { value: 'chart', label: insightsText.chart },
                  { value: 'table', label: insightsText.table },
                ]}
              />
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} aria-hidden />}
              aria-label={insightsText.downloadCsvLabel(title)}
              onClick={() => downloadCsv(fileName, columns, rows)}
            >
              {insightsText.downloadCsv}
            </Button>
          </Group>
        )}
      </Group>
      {summary}
      {!hasRows ? (
        empty
      ) : showTable ? (
        <InsightsTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} />
      ) : (
        <Box>
          {chart}
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Box>
      )}
    </Paper>
  );
}

/** The accessible table of a section: a caption, column headers, the first cell a row header. */
export function InsightsTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: Pick<DataViewProps<T>, 'caption' | 'columns' | 'rows' | 'rowKey'>) {
  return (
    <Table.ScrollContainer minWidth={Math.min(columns.length * 110, 1200)} type="native">
      <Table striped highlightOnHover captionSide="top" verticalSpacing={6}>
        <Table.Caption>
          <Text size="sm" c="dimmed" ta="left">
            {caption}
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.align}>
                <ColumnHeader>{column.header}</ColumnHeader>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column, index) => {
                const content = column.cell ? column.cell(row) : column.value(row);
                return index === 0 ? (
                  <Table.Th key={column.key} scope="row" fw={500} ta={column.align}>
                    {content}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.key} ta={column.align}>
                    {content}
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
