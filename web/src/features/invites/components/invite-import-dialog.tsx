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
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
  createTheme,
  MantineThemeProvider,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import {
  format,
  messages,
  roleLabels,
  type InviteBatchResult,
  type PageSize,
} from '@practica/contract';
import {
  IconAlertCircle,
  IconDownload,
  IconFileTypeCsv,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ListTable, type ListTableColumn } from '../../../components/list-table';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { paths } from '@shared/config/paths';
import { isApiError } from '@shared/lib/api-client';
import { useCan } from '../../../lib/can';
import { toast } from '@shared/lib/toast';
import {
  useInviteBatchDryRun,
  useSendInviteBatch,
  type InviteBatchCheck,
} from '../api/send-invite-batch';
import {
  duplicateLines,
  inviteTemplateCsv,
  looksLikeCsv,
  readInviteCsv,
  rowMessages,
  type ImportGroup,
  type ImportRow,
} from '../invite-csv';

export interface InviteImportDialogProps {
  opened: boolean;
  onClose: () => void;
  organizationId: number;
  /** The organization's groups, matched against the file's group names. */
  groups: readonly ImportGroup[];
}

type ResultRow = InviteBatchResult['rows'][number];

interface Loaded {
  name: string;
  /** Changes with every file read, so a file chosen twice is checked again. */
  token: number;
  rows: ImportRow[];
}

/**
 * The preview and the results scroll inside themselves (sideways in the table, up and down here),
 * so the summary above and Send below stay in view, at 375 px too.
 */
const previewScroll = { maxHeight: 'min(56vh, 640px)', overflowY: 'auto' } as const;

const fullName = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

const roleText = (row: ImportRow) => (row.body ? roleLabels[row.body.roleId] : row.role || '—');

/** The dry run's (or the send's) answer per preview row key. */
function byKey(check: InviteBatchCheck | null | undefined): Map<number, ResultRow> {
  const map = new Map<number, ResultRow>();
  if (!check) return map;
  for (const row of check.result.rows) {
    const key = check.keys[row.index];
    if (key !== undefined) map.set(key, row);
  }
  return map;
}

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
function ImportRowsTable({
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

/** The result of a row removed from the file before sending: not sent. */
function RemovedBadge() {
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
function StatusBadge({ row, sent }: { row: ResultRow; sent: boolean }) {
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

/** Empty state and drop zone: the columns, the template, the file button. */
function FileChooser({
  onFile,
  reading,
  templateHref,
  compact,
}: {
  onFile: (file: File | null) => void;
  reading: boolean;
  templateHref: string;
  compact: boolean;
}) {
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFile(event.dataTransfer.files[0] ?? null);
  };
  const template = (
    <Anchor href={templateHref} download={t.templateFileName} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconDownload size={16} aria-hidden />
        {t.downloadTemplate}
      </Group>
    </Anchor>
  );
  const button = (
    <FileButton onChange={onFile} accept=".csv,text/csv">
      {(props) => (
        <Button
          {...props}
          variant={compact ? 'default' : 'filled'}
          leftSection={<IconUpload size={16} aria-hidden />}
          loading={reading}
        >
          {compact ? t.chooseAnother : t.chooseFile}
        </Button>
      )}
    </FileButton>
  );
  if (compact) return button;
  return (
    <Stack gap="md">
      <div>
        <Text size="sm">{t.intro}</Text>
        <List size="sm" mt={4} withPadding>
          {t.columnsHelp.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Text size="xs" c="dimmed" mt={6}>
          {t.headerHint}
        </Text>
      </div>
      <Paper
        p="xl"
        radius="md"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          border: `2px dashed var(--mantine-color-${over ? 'blue-5' : 'gray-4'})`,
          background: over ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Stack align="center" gap="sm">
          <IconFileTypeCsv size={40} stroke={1.5} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text size="sm" c="dimmed">
            {t.dropHere}
          </Text>
          {button}
        </Stack>
      </Paper>
      {template}
    </Stack>
  );
}

/** 'Import CSV' dialog (decisions.md#insights-and-administration §2). */
export function InviteImportDialog({
  opened,
  onClose,
  organizationId,
  groups,
}: InviteImportDialogProps) {
  const narrow = useMediaQuery('(max-width: 48em)');
  const canRaiseSeats = useCan('organization:updateSeats', { organizationId });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState<{
    check: InviteBatchCheck;
    /** The file's rows in order, those sent and those removed before sending. */
    rows: ImportRow[];
  } | null>(null);
  const send = useSendInviteBatch();

  const templateHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(inviteTemplateCsv(groups[0]?.name))}`,
    [groups],
  );

  const current = useMemo(
    () => (loaded ? loaded.rows.filter((row) => !removed.has(row.key)) : []),
    [loaded, removed],
  );
  const duplicates = useMemo(() => duplicateLines(current), [current]);
  const problems = useMemo(() => {
    const map = new Map<number, string[]>();
    for (const row of current) {
      const list = rowMessages(row, duplicates);
      if (list.length > 0) map.set(row.key, list);
    }
    return map;
  }, [current, duplicates]);
  const entries = useMemo(
    () =>
      current.flatMap((row) =>
        row.body && !problems.has(row.key) ? [{ key: row.key, body: row.body }] : [],
      ),
    [current, problems],
  );
  const rowsVersion = loaded ? `${loaded.token}:${entries.map((e) => e.key).join(',')}` : '';
  const [version] = useDebouncedValue(
    rowsVersion,
    250,
    // A new file is checked at once; removals in a row are checked once they pause.
    { leading: true },
  );
  const dryRun = useInviteBatchDryRun(organizationId, entries, version);
  const check = dryRun.data;
  const statuses = useMemo(() => byKey(check), [check]);
  const counts = useMemo(() => {
    let create = 0;
    let resend = 0;
    let skip = 0;
    for (const row of current) {
      const status = problems.has(row.key) ? undefined : statuses.get(row.key)?.status;
      if (status === 'create') create += 1;
      else if (status === 'resend') resend += 1;
      else if (status === 'skip') skip += 1;
    }
    return { create, resend, skip, errors: problems.size };
  }, [current, problems, statuses]);
  const seats = check?.result.seats;
  const seatsExceeded = Boolean(seats && seats.needed > seats.free);
  // Send goes by a check of exactly the rows it sends.
  const checked =
    version === rowsVersion &&
    dryRun.isSuccess &&
    !dryRun.isPlaceholderData &&
    !dryRun.isFetching &&
    entries.length > 0;
  const sending = send.isPending;
  const canSend = checked && counts.errors === 0 && !seatsExceeded && !sending;
  // Rows the server skips (existing users) are in the call but send nothing.
  const toSend = Math.max(0, entries.length - counts.skip);

  const shown = onlyErrors ? current.filter((row) => problems.has(row.key)) : current;

  const reset = () => {
    setLoaded(null);
    setFileError(null);
    setRemoved(new Set());
    setOnlyErrors(false);
    setSendError(null);
    setSent(null);
  };

  const onFile = async (file: File | null) => {
    if (!file) return;
    setSendError(null);
    if (!looksLikeCsv(file)) {
      setFileError(t.notCsv(file.name));
      return;
    }
    setReading(true);
    try {
      const text = await file.text();
      const read = readInviteCsv(text, groups);
      if ('error' in read) {
        setFileError(read.error.message);
        return;
      }
      setFileError(null);
      setRemoved(new Set());
      setOnlyErrors(false);
      setLoaded({ name: file.name, token: Date.now(), rows: read.rows });
    } catch {
      setFileError(t.unreadable);
    } finally {
      setReading(false);
    }
  };

  const removeRows = (keys: readonly number[]) => {
    setSendError(null);
    setRemoved((previous) => new Set([...previous, ...keys]));
  };

  const onSend = () => {
    if (!canSend) return;
    setSendError(null);
    const keys = entries.map((e) => e.key);
    // The whole file: the result lists the removed rows too, as not sent.
    const rows = loaded?.rows ?? current;
    send.mutate(
      { organizationId, rows: entries.map((e) => e.body) },
      {
        onSuccess: (result) => {
          setSent({ check: { keys, result }, rows });
          toast.success(t.sentToast(result.created, result.resent, result.skipped));
        },
        onError: (error) => {
          const message =
            isApiError(error) && error.fromServer ? error.message : messages.somethingWentWrong;
          setSendError(message);
          // The seats (or the invites) changed meanwhile: check the rows again.
          void dryRun.refetch();
        },
      },
    );
  };

  const close = () => {
    if (sending) return;
    if (sent) reset();
    onClose();
  };

  let content;
  if (sent) {
    const results = byKey(sent.check);
    const rows = sent.rows.filter((row) => results.has(row.key) || removed.has(row.key));
    const removedCount = rows.length - results.size;
    const { created, resent, skipped } = sent.check.result;
    content = (
      <Stack gap="md">
        <Alert color="green" variant="light" role="status">
          {t.resultSummary(created, resent, skipped, removedCount)}
        </Alert>
        <ImportRowsTable
          label={t.resultsLabel}
          rows={rows}
          narrow={Boolean(narrow)}
          status={{
            header: messages.status,
            cell: (row) => {
              const result = results.get(row.key);
              return result ? <StatusBadge row={result} sent /> : <RemovedBadge />;
            },
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            {t.importAnother}
          </Button>
          <Button onClick={close}>{t.close}</Button>
        </Group>
      </Stack>
    );
  } else if (!loaded) {
    content = (
      <Stack gap="md">
        {fileError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {fileError}
          </Alert>
        )}
        <FileChooser
          onFile={onFile}
          reading={reading}
          templateHref={templateHref}
          compact={false}
        />
      </Stack>
    );
  } else {
    content = (
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
            <FileChooser onFile={onFile} reading={reading} templateHref={templateHref} compact />
          </Group>
        </Group>
        {fileError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {fileError}
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
        {counts.errors > 0 && (
          <Group justify="space-between" gap="sm">
            <SegmentedControl
              size="xs"
              value={onlyErrors ? 'errors' : 'all'}
              onChange={(value) => {
                setOnlyErrors(value === 'errors');
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
                removeRows([...problems.keys()]);
                setOnlyErrors(false);
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
          <ImportRowsTable
            key={onlyErrors ? 'errors' : 'all'}
            label={t.previewLabel}
            rows={shown}
            testId="import-preview-scroll"
            narrow={Boolean(narrow)}
            status={{
              header: t.check,
              cell: (row) => {
                const list = problems.get(row.key);
                if (list) {
                  return (
                    <Stack gap={2}>
                      {list.map((message) => (
                        <Text
                          key={message}
                          size="xs"
                          c="red.8"
                          style={{ overflowWrap: 'anywhere' }}
                        >
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
        )}
        {sending && (
          <Stack gap={4} role="status">
            <Text size="sm">{t.sending(toSend)}</Text>
            <Progress value={100} striped animated aria-label={t.sending(toSend)} />
          </Stack>
        )}
        {counts.errors > 0 && (
          <Text size="sm" c="dimmed">
            {t.fixErrorsFirst(counts.errors)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={sending}>
            {t.cancel}
          </Button>
          <Button onClick={onSend} disabled={!canSend} loading={sending}>
            {t.send(toSend)}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t.title}
      size={1120}
      fullScreen={Boolean(narrow)}
      closeOnClickOutside={false}
    >
      {content}
    </Modal>
  );
}
