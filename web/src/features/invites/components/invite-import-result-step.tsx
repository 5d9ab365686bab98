/**
 * The last step of the 'Import CSV' dialog (decisions.md#insights-and-administration §2): after
 * the send, a summary (created, resent, skipped, removed) and every row of the file with what was
 * done with it — sent ones by the server's answer, removed ones as not sent — then 'Import another
 * file' and Close.
 */
import { Alert, Button, Group, Stack } from '@mantine/core';
import { messages } from '@practica/contract';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { byKey, type SentBatch } from '../hooks/use-invite-import';
import { RemovedBadge, StatusBadge } from './invite-import-badges';
import { ImportRowsTable } from './invite-import-rows-table';

export interface ImportResultStepProps {
  sent: SentBatch;
  /** The keys of the rows removed before sending. */
  removed: ReadonlySet<number>;
  narrow: boolean;
  onImportAnother: () => void;
  onClose: () => void;
}

/** The result of the batch sent. */
export function ImportResultStep({
  sent,
  removed,
  narrow,
  onImportAnother,
  onClose,
}: ImportResultStepProps) {
  const results = byKey(sent.check);
  const rows = sent.rows.filter((row) => results.has(row.key) || removed.has(row.key));
  const removedCount = rows.length - results.size;
  const { created, resent, skipped } = sent.check.result;
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" role="status">
        {t.resultSummary(created, resent, skipped, removedCount)}
      </Alert>
      <ImportRowsTable
        label={t.resultsLabel}
        rows={rows}
        narrow={narrow}
        status={{
          header: messages.status,
          cell: (row) => {
            const result = results.get(row.key);
            return result ? <StatusBadge row={result} sent /> : <RemovedBadge />;
          },
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onImportAnother}>
          {t.importAnother}
        </Button>
        <Button onClick={onClose}>{t.close}</Button>
      </Group>
    </Stack>
  );
}
