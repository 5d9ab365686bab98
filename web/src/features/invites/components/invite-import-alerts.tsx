/**
 * The notes above the preview of the 'Import CSV' dialog (decisions.md#insights-and-administration
 * §2): the trainee rows need more seats than are free (`format.importSeatsExceeded`, with a link
 * to the seats for whoever may raise them), the check failed (with 'Check again'), the send was
 * refused (nothing is lost: the preview stays).
 */
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { format } from '@practica/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { paths } from '@shared/config/paths';
import { isApiError } from '@shared/lib/api-client';
import { useCan } from '../../../lib/can';
import type { InviteImport } from '../hooks/use-invite-import';

export interface ImportAlertsProps {
  organizationId: number;
  importer: Pick<InviteImport, 'seats' | 'seatsExceeded' | 'dryRun' | 'sendError'>;
}

/** The seat, check and send notes, each only when it applies. */
export function ImportAlerts({ organizationId, importer }: ImportAlertsProps) {
  const { seats, seatsExceeded, dryRun, sendError } = importer;
  const canRaiseSeats = useCan('organization:updateSeats', { organizationId });
  return (
    <>
      {seats && seatsExceeded && (
        <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Text size="sm">{format.importSeatsExceeded(seats.free, seats.needed)}</Text>
          {canRaiseSeats && (
            <Anchor component={Link} to={paths.organizationDetail(organizationId)} size="sm">
              {t.raiseSeats}
            </Anchor>
          )}
        </Alert>
      )}
      {dryRun.isError && !dryRun.isFetching && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {isApiError(dryRun.error) && dryRun.error.fromServer
                ? dryRun.error.message
                : t.checkFailed}
            </Text>
            <Button size="xs" variant="default" onClick={() => void dryRun.refetch()}>
              {t.retryCheck}
            </Button>
          </Group>
        </Alert>
      )}
      {sendError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
        >
          <Text size="sm">{sendError}</Text>
          <Text size="sm" mt={4}>
            {t.nothingLost}
          </Text>
        </Alert>
      )}
    </>
  );
}
