/**
 * One insights section (decisions.md#insights-and-administration §1): a titled card whose chart can be switched to a table (every
 * chart readable as a table: caption, column and row headers) and whose rows download as CSV.
 * The table and the CSV file come from the same `columns`, so they never differ. Without a chart
 * the section is a table only. Wide tables scroll inside the card, never the page, and say so: a
 * line above tells how many of the columns are in view, and a shadow marks each side with more.
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
import {
  useCallback,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type Key,
  type ReactNode,
} from 'react';
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

/** What of a wide table is in view: its columns fully visible, and whether more lies either side. */
interface SideScroll {
  /** Columns wholly in view; equals the column count when nothing is hidden. */
  inView: number;
  left: boolean;
  right: boolean;
  /** The scroller's visible width (px; 0 before it is measured). */
  width: number;
}

/**
 * Follows the sideways scroll of the table in `scroller`: which header cells are wholly in view
 * and whether content is hidden on the left or the right; measured on mount, on scroll and on
 * resize. Takes the column count; returns the state and the scroll handler.
 */
function useSideScroll(columns: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<SideScroll>({
    inView: columns,
    left: false,
    right: false,
    width: 0,
  });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const start = el.scrollLeft;
    const end = start + el.clientWidth;
    const heads = [...el.querySelectorAll<HTMLElement>('thead th')];
    const inView = heads.filter(
      (th) => th.offsetLeft >= start - 1 && th.offsetLeft + th.offsetWidth <= end + 1,
    ).length;
    const next: SideScroll = {
      inView: heads.length ? inView : columns,
      left: start > 1,
      right: el.scrollWidth - end > 1,
      width: el.clientWidth,
    };
    setState((prev) =>
      prev.inView === next.inView &&
      prev.left === next.left &&
      prev.right === next.right &&
      prev.width === next.width
        ? prev
        : next,
    );
  }, [columns]);
  useLayoutEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);
  return { scroller, state, measure };
}

/** A soft shadow on one edge of a scroller, where more of the table lies. */
function EdgeShadow({ side }: { side: 'left' | 'right' }) {
  return (
    <Box
      aria-hidden
      data-scroll-shadow={side}
      style={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        [side]: 0,
        width: 20,
        pointerEvents: 'none',
        background: `linear-gradient(to ${side === 'left' ? 'right' : 'left'}, rgba(0, 0, 0, 0.14), transparent)`,
      }}
    />
  );
}

/**
 * The accessible table of a section: a caption, column headers, the first cell a row header. When
 * it is wider than its card (a phone), it scrolls sideways inside the card with a line saying how
 * many columns are in view and a shadow on each side that has more; the caption stays in view.
 */
export function InsightsTable<T>({
  caption,
  columns,
  rows,
  rowKey,
}: Pick<DataViewProps<T>, 'caption' | 'columns' | 'rows' | 'rowKey'>) {
  const { scroller, state, measure } = useSideScroll(columns.length);
  const hidden = state.inView < columns.length;
  return (
    <>
      {hidden && (
        <Text size="xs" c="dimmed" mb={4} data-testid="columns-in-view">
          {insightsText.columnsInView(state.inView, columns.length)}
        </Text>
      )}
      <Box pos="relative">
        <Table.ScrollContainer
          ref={scroller}
          onScroll={measure}
          minWidth={Math.min(columns.length * 110, 1200)}
          type="native"
          data-insights-scroll=""
        >
          <Table striped highlightOnHover captionSide="top" verticalSpacing={6}>
            <Table.Caption style={{ textAlign: 'left' }}>
              <Text
                size="sm"
                c="dimmed"
                ta="left"
                // Kept in view and within the card while the table scrolls sideways.
                style={{
                  position: 'sticky',
                  left: 0,
                  display: 'block',
                  maxWidth: state.width > 0 ? state.width : undefined,
                }}
              >
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
        {state.left && <EdgeShadow side="left" />}
        {state.right && <EdgeShadow side="right" />}
      </Box>
    </>
  );
}
