/**
 * The status of a row in the 'Import CSV' dialog (decisions.md#insights-and-administration §2):
 * what the server's dry run says sending does with it ('Will create', 'Will resend', 'Will skip'
 * with why), what the send did ('Created', 'Resent', 'Skipped'), or that it was removed before
 * sending.
 */
import { Badge, Text } from '@mantine/core';
import { messages } from '@practica/contract';
import { inviteImportText as t } from '../../../config/invite-import-text';
import type { ResultRow } from '../hooks/use-invite-import';

/** The result of a row removed from the file before sending: not sent. */
export function RemovedBadge() {
  return (
    <div>
      <Badge variant="outline" color="gray" radius="sm" style={{ minWidth: 'max-content' }}>
        {t.removedBadge}
      </Badge>
      <Text size="xs" c="dimmed" mt={2}>
        {t.removedNote}
      </Text>
    </div>
  );
}

/** The status badge of a row the server checked or sent. */
export function StatusBadge({ row, sent }: { row: ResultRow; sent: boolean }) {
  const label =
    row.status === 'create'
      ? sent
        ? t.created
        : t.willCreate
      : row.status === 'resend'
        ? sent
          ? t.resent
          : t.willResend
        : sent
          ? t.skipped
          : t.willSkip;
  const color = row.status === 'create' ? 'green' : row.status === 'resend' ? 'blue' : 'gray';
  const note =
    row.status === 'resend'
      ? (row.reason ?? messages.importPendingInvite)
      : row.status === 'skip'
        ? (row.reason ?? messages.importUserExists)
        : null;
  return (
    <div>
      <Badge variant="light" color={color} radius="sm" style={{ minWidth: 'max-content' }}>
        {label}
      </Badge>
      {note && (
        <Text size="xs" c="dimmed" mt={2}>
          {note}
        </Text>
      )}
    </div>
  );
}
