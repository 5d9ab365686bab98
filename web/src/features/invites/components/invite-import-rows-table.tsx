/**
 * The table of the 'Import CSV' dialog (decisions.md#insights-and-administration §2): a file's rows
 * as the preview and the result list show them, paged (50 a page by default) and scrolling inside
 * itself; wide, or on a narrow screen one column per person with the status below.
 */
import { Box, MantineThemeProvider, Stack, Table, Text, createTheme } from '@mantine/core';
import { roleLabels, type PageSize } from '@practica/contract';
import { useState, type ReactNode } from 'react';
import { ListTable, type ListTableColumn } from '../../../components/list-table';
import { inviteImportText as t } from '../../../config/invite-import-text';
import type { ImportRow } from '../invite-csv';

/**
 * The preview and the results scroll inside themselves (sideways in the table, up and down here),
 * so the summary above and Send below stay in view, at 375 px too.
 */
const previewScroll = { maxHeight: 'min(56vh, 640px)', overflowY: 'auto' } as const;

const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

const roleText = (row: ImportRow) => (row.body ? roleLabels[row.body.roleId] : row.role || '—');

/**
 * On a narrow screen the table drops the shared list's 560 px minimum width (its scroll
 * container's `--table-min-width`), so its three columns fit the screen and nothing — a check's
 * message above all — is cut at the edge.
 */
const fitScreenTheme = createTheme({
  components: {
    TableScrollContainer: Table.ScrollContainer.extend({
      vars: () => ({ scrollContainer: { '--table-min-width': '0px' } }),
    }),
  },
});

/** The person of a row: name, email (broken anywhere), and on a narrow screen role and group. */
function PersonCell({ row, withRole }: { row: ImportRow; withRole: boolean }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {fullName(row) || '—'}
      </Text>
      <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
        {row.email || '—'}
      </Text>
      {withRole && (
        <Text size="xs" c="dimmed">
          {row.group ? `${roleText(row)} · ${row.group}` : roleText(row)}
        </Text>
      )}
    </div>
  );
}

/**
 * A file's rows as the preview and the result list show them, paged in the dialog (50 a page by
 * default) and scrolling inside itself. Wide: the spreadsheet's row number, the name and email,
 * the role and group, the `status` column (the check or the result), then `action` (remove). On a
 * narrow screen (`narrow`): the row number, one column holding the person, role, group and the
 * status below them — so a check's messages wrap across the screen's width — and `action`; the
 * table then fits the screen. Remount it (`key`) to go back to page 1; removing rows keeps the page
 * within range.
 */
export function ImportRowsTable({
  label,
  rows,
  status,
  action,
  narrow,
  testId,
}: {
  label: string;
  rows: readonly ImportRow[];
  status: { header: string; cell: (row: ImportRow) => ReactNode };
  action?: ListTableColumn<ImportRow>;
  narrow: boolean;
  testId?: string;
}) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(50);
  const shownPage = Math.min(page, Math.max(1, Math.ceil(rows.length / pageSize)));
  const line: ListTableColumn<ImportRow> = {
    key: 'line',
    header: t.row,
    width: narrow ? 48 : 64,
    cell: (row) => row.line,
  };
  const columns: ListTableColumn<ImportRow>[] = narrow
    ? [
        line,
        {
          key: 'person',
          header: `${t.person} · ${status.header}`,
          cell: (row) => (
            <Stack gap={6}>
              <PersonCell row={row} withRole />
              <div data-cell="status">{status.cell(row)}</div>
            </Stack>
          ),
        },
        ...(action ? [action] : []),
      ]
    : [
        line,
        { key: 'name', header: t.name, cell: (row) => <PersonCell row={row} withRole={false} /> },
        {
          key: 'role',
          header: t.role,
          cell: (row) => (
            <div>
              <Text size="sm">{roleText(row)}</Text>
              {row.group && (
                <Text size="xs" c="dimmed">
                  {row.group}
                </Text>
              )}
            </div>
          ),
        },
        {
          key: 'status',
          header: status.header,
          // Room for a message on two or three lines rather than a word per line.
          width: 240,
          cell: (row) => <div data-cell="status">{status.cell(row)}</div>,
        },
        ...(action ? [action] : []),
      ];
  const table = (
    <ListTable<ImportRow>
      label={label}
      rows={rows.slice((shownPage - 1) * pageSize, shownPage * pageSize)}
      total={rows.length}
      page={shownPage}
      pageSize={pageSize}
      onPageChange={setPage}
      onPageSizeChange={(size) => {
        setPageSize(size);
        setPage(1);
      }}
      rowKey={(row) => row.key}
      columns={columns}
    />
  );
  return (
    <Box style={previewScroll} data-testid={testId}>
      {narrow ? <MantineThemeProvider theme={fitScreenTheme}>{table}</MantineThemeProvider> : table}
    </Box>
  );
}
