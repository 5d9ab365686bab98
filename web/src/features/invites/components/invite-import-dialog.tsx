/**
 * The 'Import CSV' dialog of the Invites screen (decisions.md#insights-and-administration §2), for Admins and Managers
 * (`invite:import`). It takes a .csv file (drop zone or file button), offers the template
 * (`invites-template.csv`), and shows a paged preview where every row carries the spec's messages
 * (`inviteBatchRowSchema`'s, the role and group, `format.importDuplicateEmail`) and, from the
 * server's dry run, what sending does with it (new invite; `messages.importPendingInvite`;
 * `messages.importUserExists`). Rows can be removed; a summary counts them. When the trainee rows
 * need more seats than are free, `format.importSeatsExceeded` says how many fit and Send stays off
 * (an Admin gets a link to the seats). Send (one call, only without errors) shows an indeterminate
 * bar and then the result per row with a toast; a 409 (seats taken meanwhile) is shown and the
 * preview stays. The dialog keeps its preview while closed, until the batch is sent.
 *
 * Where each part lives: the state (file, rows, checks, counts, send) in
 * `hooks/use-invite-import.ts`; the steps — choose a file, preview, result — in
 * `invite-import-file-chooser.tsx`, `invite-import-preview-step.tsx` and
 * `invite-import-result-step.tsx`, with the table, the badges and the notes beside them.
 */
import { Alert, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { useInviteImport } from '../hooks/use-invite-import';
import type { ImportGroup } from '../invite-csv';
import { FileChooser } from './invite-import-file-chooser';
import { ImportPreviewStep } from './invite-import-preview-step';
import { ImportResultStep } from './invite-import-result-step';

export interface InviteImportDialogProps {
  opened: boolean;
  onClose: () => void;
  organizationId: number;
  /** The organization's groups, matched against the file's group names. */
  groups: readonly ImportGroup[];
}

/** 'Import CSV' dialog (decisions.md#insights-and-administration §2). */
export function InviteImportDialog({
  opened,
  onClose,
  organizationId,
  groups,
}: InviteImportDialogProps) {
  const narrow = Boolean(useMediaQuery('(max-width: 48em)'));
  const importer = useInviteImport(organizationId, groups);
  const { loaded, sent, reset } = importer;

  const close = () => {
    if (importer.sending) return;
    if (sent) reset();
    onClose();
  };

  let content;
  if (sent) {
    content = (
      <ImportResultStep
        sent={sent}
        removed={importer.removed}
        narrow={narrow}
        onImportAnother={reset}
        onClose={close}
      />
    );
  } else if (!loaded) {
    content = (
      <Stack gap="md">
        {importer.fileError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {importer.fileError}
          </Alert>
        )}
        <FileChooser
          onFile={importer.onFile}
          reading={importer.reading}
          templateHref={importer.templateHref}
          compact={false}
        />
      </Stack>
    );
  } else {
    content = (
      <ImportPreviewStep
        organizationId={organizationId}
        loaded={loaded}
        importer={importer}
        narrow={narrow}
        onCancel={close}
      />
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t.title}
      size={1120}
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      {content}
    </Modal>
  );
}
