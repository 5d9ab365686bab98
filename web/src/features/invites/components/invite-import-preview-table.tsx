/**
 * The preview of the 'Import CSV' dialog (decisions.md#insights-and-administration §2): the rows
 * shown (all, or only those with messages), each with its check — its messages in red, else the
 * dry run's status, else 'Checking…' — and a button to remove it (off while sending).
 */
import { ActionIcon, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { inviteImportText as t } from '../../../config/invite-import-text';
import type { InviteImport } from '../hooks/use-invite-import';
import { StatusBadge } from './invite-import-badges';
import { ImportRowsTable } from './invite-import-rows-table';

export interface ImportPreviewTableProps {
  importer: Pick<InviteImport, 'shown' | 'problems' | 'statuses' | 'removeRows' | 'sending'>;
  narrow: boolean;
}

/** The preview table with its check and remove columns. */
export function ImportPreviewTable({ importer, narrow }: ImportPreviewTableProps) {
  const { shown, problems, statuses, removeRows, sending } = importer;
  return (
    <ImportRowsTable
      label={t.previewLabel}
      rows={shown}
      testId="import-preview-scroll"
      narrow={narrow}
      status={{
        header: t.check,
        cell: (row) => {
          const list = problems.get(row.key);
          if (list) {
            return (
              <Stack gap={2}>
                {list.map((message) => (
                  <Text key={message} size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
                    {message}
                  </Text>
                ))}
              </Stack>
            );
          }
          const status = statuses.get(row.key);
          if (status) return <StatusBadge row={status} sent={false} />;
          return (
            <Text size="xs" c="dimmed">
              {t.checking}
            </Text>
          );
        },
      }}
      action={{
        key: 'remove',
        header: <VisuallyHidden>{t.remove}</VisuallyHidden>,
        align: 'right',
        width: narrow ? 44 : 56,
        cell: (row) => (
          <Tooltip label={t.remove}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t.removeRow(row.line)}
              onClick={() => removeRows([row.key])}
              disabled={sending}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      }}
    />
  );
}
