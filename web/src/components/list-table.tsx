/**
 * The shared list view (000 §2.4, §9): a paginated table with a loading indicator
 * (`messages.loading`), the empty text `messages.noRecordsFound` when the total is under 1, page sizes 25/50/100 (default 25), 1-based pages
 * and the total shown.
 */
import {
  Box,
  Center,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  Table,
  Text,
} from '@mantine/core';
import { messages, pageSizeOptions, type PageSize } from '@practica/contract';
import { useId, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { uiText } from '@shared/config/ui-text';
import { EmptyState, type EmptyStateProps } from './empty-state';

/**
 * The console's one column header style (decisions.md#console-flows §12): small, semibold, dimmed capitals.
 * Tables that do not use `ListTable` put it in their `Table.Th`.
 */
export function ColumnHeader({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" fw={600} tt="uppercase" c="dimmed" style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

export interface ListTableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

/** The paging footer's state: a paged list passes all of it. */
interface ListTablePaging {
  /** Count over all pages (the answer's `count`). */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: PageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
  withPaging?: true;
}

/** A short list shown whole: no paging footer, so no paging state. */
interface ListTableWhole {
  /** Hides the paging footer (short lists). */
  withPaging: false;
}

export type ListTableProps<T> = ListTableBase<T> & (ListTablePaging | ListTableWhole);

interface ListTableBase<T> {
  columns: ListTableColumn<T>[];
  rows: readonly T[] | undefined;
  loading?: boolean;
  rowKey: (row: T) => Key;
  onRowClick?: (row: T) => void;
  /** Accessible name of the table. */
  label: string;
  /**
   * The empty state when there are no rows: what to do next and an optional action. The title
   * stays `messages.noRecordsFound` unless given.
   */
  empty?: Partial<EmptyStateProps>;
}

/**
 * Shared paginated table (000 §2.4); with `withPaging={false}` a short list shown whole, without
 * the paging footer or its state.
 */
export function ListTable<T>(props: ListTableProps<T>) {
  const { columns, rows, loading = false, rowKey, onRowClick, label, empty } = props;
  const sizeId = useId();
  const paging = props.withPaging === false ? null : props;
  const total = paging ? paging.total : (rows?.length ?? 0);
  const span = columns.length;

  const onRowKey = (event: KeyboardEvent, row: T) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowClick?.(row);
    }
  };

  let body: ReactNode;
  if (loading) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Center py="xl" role="status">
            <Group gap="xs">
              <Loader size="sm" />
              <Text c="dimmed" size="sm">
                {messages.loading}
              </Text>
            </Group>
          </Center>
        </Table.Td>
      </Table.Tr>
    );
  } else if (total < 1 || !rows || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          {/* Kept in view when a narrow screen scrolls the table sideways: stuck to the left
              and no wider than the screen. */}
          <Box
            style={{
              position: 'sticky',
              left: 'var(--mantine-spacing-md)',
              maxWidth: 'calc(100vw - 4rem)',
            }}
          >
            <EmptyState title={messages.noRecordsFound} {...empty} />
          </Box>
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => (
      <Table.Tr
        key={rowKey(row)}
        {...(onRowClick
          ? {
              onClick: () => onRowClick(row),
              onKeyDown: (e: KeyboardEvent) => onRowKey(e, row),
              tabIndex: 0,
              style: { cursor: 'pointer' },
            }
          : {})}
      >
        {columns.map((column) => (
          <Table.Td key={column.key} ta={column.align}>
            {column.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }

  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={560}>
        <Table
          aria-label={label}
          aria-busy={loading}
          highlightOnHover={Boolean(onRowClick) && !loading && total > 0}
          verticalSpacing="sm"
          horizontalSpacing="md"
        >
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width} ta={column.align}>
                  <ColumnHeader>{column.header}</ColumnHeader>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paging && <PagingFooter paging={paging} sizeId={sizeId} />}
    </Paper>
  );
}

/** The footer of a paged list: the range shown, rows per page, and the pages. */
function PagingFooter({ paging, sizeId }: { paging: ListTablePaging; sizeId: string }) {
  const { total, page, pageSize, onPageChange, onPageSizeChange } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total < 1 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group
      justify="space-between"
      px="md"
      py="sm"
      gap="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {total > 0 ? uiText.range(from, to, total) : null}
      </Text>
      <Group gap="md">
        <Group gap={8}>
          <Text size="sm" c="dimmed" component="label" htmlFor={sizeId}>
            {uiText.rowsPerPage}
          </Text>
          <NativeSelect
            id={sizeId}
            size="xs"
            w={76}
            data={pageSizeOptions.map(String)}
            value={String(pageSize)}
            onChange={(event) => {
              const size = Number(event.currentTarget.value);
              if ((pageSizeOptions as readonly number[]).includes(size))
                onPageSizeChange(size as PageSize);
            }}
          />
        </Group>
        <Pagination
          size="sm"
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPageChange}
          aria-label={uiText.pagination}
          withEdges={pages > 5}
        />
      </Group>
    </Group>
  );
}
