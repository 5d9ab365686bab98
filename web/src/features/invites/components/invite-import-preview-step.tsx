/**
 * The preview step of the 'Import CSV' dialog (decisions.md#insights-and-administration §2): the
 * file's name and row count with the template and 'Choose another file', a refused file's message,
 * the summary (create, resend, skip, errors), the notes (`ImportAlerts`), the filter to the rows
 * with errors and their removal, the preview table, the sending bar, and Cancel / Send (off until
 * the rows are checked, without errors, within the free seats).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { IconAlertCircle, IconFileTypeCsv, IconTrash } from '@tabler/icons-react';
import { inviteImportText as t } from '../../../config/invite-import-text';
import type { InviteImport, LoadedFile } from '../hooks/use-invite-import';
import { ImportAlerts } from './invite-import-alerts';
import { FileChooser } from './invite-import-file-chooser';
import { ImportPreviewTable } from './invite-import-preview-table';

export interface ImportPreviewStepProps {
  organizationId: number;
  /** The file read (the step shows only once there is one). */
  loaded: LoadedFile;
  importer: InviteImport;
  narrow: boolean;
  onCancel: () => void;
}

/** The preview of a file read, before sending. */
export function ImportPreviewStep({
  organizationId,
  loaded,
  importer,
  narrow,
  onCancel,
}: ImportPreviewStepProps) {
  const { counts, current, onlyErrors, sending, templateHref } = importer;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="xs" wrap="nowrap" miw={0}>
          <IconFileTypeCsv size={20} aria-hidden />
          <Text size="sm" fw={500} truncate>
            {t.fileLabel(loaded.name, loaded.rows.length)}
          </Text>
        </Group>
        <Group gap="sm">
          <Anchor href={templateHref} download={t.templateFileName} size="sm">
            {t.downloadTemplate}
          </Anchor>
          <FileChooser
            onFile={importer.onFile}
            reading={importer.reading}
            templateHref={templateHref}
            compact
          />
        </Group>
      </Group>
      {importer.fileError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
          {importer.fileError}
        </Alert>
      )}
      <Group gap="xs" aria-live="polite" data-testid="import-summary">
        <Badge variant="light" color="green" radius="sm">
          {t.summaryCreate(counts.create)}
        </Badge>
        <Badge variant="light" color="blue" radius="sm">
          {t.summaryResend(counts.resend)}
        </Badge>
        <Badge variant="light" color="gray" radius="sm">
          {t.summarySkip(counts.skip)}
        </Badge>
        <Badge variant="light" color={counts.errors > 0 ? 'red' : 'gray'} radius="sm">
          {t.summaryErrors(counts.errors)}
        </Badge>
      </Group>
      <ImportAlerts organizationId={organizationId} importer={importer} />
      {counts.errors > 0 && (
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            size="xs"
            value={onlyErrors ? 'errors' : 'all'}
            onChange={(value) => {
              importer.setOnlyErrors(value === 'errors');
            }}
            data={[
              { value: 'all', label: t.showAll },
              { value: 'errors', label: `${t.showProblems} (${counts.errors})` },
            ]}
          />
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={() => {
              importer.removeRows([...importer.problems.keys()]);
              importer.setOnlyErrors(false);
            }}
          >
            {t.removeRowsWithErrors(counts.errors)}
          </Button>
        </Group>
      )}
      {current.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.noRowsLeft}
        </Alert>
      ) : (
        <ImportPreviewTable
          key={onlyErrors ? 'errors' : 'all'}
          importer={importer}
          narrow={narrow}
        />
      )}
      {sending && (
        <Stack gap={4} role="status">
          <Text size="sm">{t.sending(importer.toSend)}</Text>
          <Progress value={100} striped animated aria-label={t.sending(importer.toSend)} />
        </Stack>
      )}
      {counts.errors > 0 && (
        <Text size="sm" c="dimmed">
          {t.fixErrorsFirst(counts.errors)}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          {t.cancel}
        </Button>
        <Button onClick={importer.onSend} disabled={!importer.canSend} loading={sending}>
          {t.send(importer.toSend)}
        </Button>
      </Group>
    </Stack>
  );
}
