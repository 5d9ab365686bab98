/**
 * The state of the 'Import CSV' dialog (decisions.md#insights-and-administration §2), apart from
 * how it looks: the file read (`onFile`: not CSV, unreadable and missing columns are refused with a
 * message), the rows kept (`removeRows`), each row's messages (`rowMessages`: the schema's, role,
 * group, duplicate email), the server's dry run of the rows without messages — asked at once for a
 * new file, 250 ms after the last of a series of removals — with its status per row and the seat
 * count, the summary counts, and the send (`onSend`: one call, only when the check is of exactly
 * the rows sent, without errors and within the free seats; a refusal is kept as `sendError` and
 * the rows are checked again). The state outlives the dialog being closed, until `reset`.
 */
import { useDebouncedValue } from '@mantine/hooks';
import { messages, type InviteBatchResult } from '@practica/contract';
import { useMemo, useState } from 'react';
import { inviteImportText as t } from '../../../config/invite-import-text';
import { isApiError } from '@shared/lib/api-client';
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

export type ResultRow = InviteBatchResult['rows'][number];

/** A file read: its name, a token that changes with every read (a file chosen twice is checked again), its rows. */
export interface LoadedFile {
  name: string;
  token: number;
  rows: ImportRow[];
}

/** A batch sent: the server's answer and the file's rows in order, those sent and those removed. */
export interface SentBatch {
  check: InviteBatchCheck;
  rows: ImportRow[];
}

/** How many rows the send creates, resends and skips, and how many have messages. */
export interface ImportCounts {
  create: number;
  resend: number;
  skip: number;
  errors: number;
}

/** The dry run's (or the send's) answer per preview row key. */
export function byKey(check: InviteBatchCheck | null | undefined): Map<number, ResultRow> {
  const map = new Map<number, ResultRow>();
  if (!check) return map;
  for (const row of check.result.rows) {
    const key = check.keys[row.index];
    if (key !== undefined) map.set(key, row);
  }
  return map;
}

/** The messages of each row that has any, by row key (duplicate emails among `rows` included). */
export function rowProblems(rows: readonly ImportRow[]): Map<number, string[]> {
  const duplicates = duplicateLines(rows);
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const list = rowMessages(row, duplicates);
    if (list.length > 0) map.set(row.key, list);
  }
  return map;
}

/** The summary: each row without messages counted by its checked status; rows with messages as errors. */
export function importCounts(
  rows: readonly ImportRow[],
  problems: ReadonlyMap<number, string[]>,
  statuses: ReadonlyMap<number, ResultRow>,
): ImportCounts {
  const counts = { create: 0, resend: 0, skip: 0, errors: problems.size };
  for (const row of rows) {
    const status = problems.has(row.key) ? undefined : statuses.get(row.key)?.status;
    if (status) counts[status] += 1;
  }
  return counts;
}

/** The dialog's state and actions for `organizationId`, matching group names against `groups`. */
export function useInviteImport(organizationId: number, groups: readonly ImportGroup[]) {
  const [loaded, setLoaded] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [sent, setSent] = useState<SentBatch | null>(null);
  const send = useSendInviteBatch();

  const templateHref = useMemo(
    () => `data:text/csv;charset=utf-8,${encodeURIComponent(inviteTemplateCsv(groups[0]?.name))}`,
    [groups],
  );

  const current = useMemo(
    () => (loaded ? loaded.rows.filter((row) => !removed.has(row.key)) : []),
    [loaded, removed],
  );
  const problems = useMemo(() => rowProblems(current), [current]);
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
  const counts = useMemo(
    () => importCounts(current, problems, statuses),
    [current, problems, statuses],
  );
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

  return {
    /** The file read, null before one. */
    loaded,
    fileError,
    /** Whether a chosen file is being read. */
    reading,
    /** The keys of the rows removed from the file. */
    removed,
    /** Whether the preview shows only the rows with messages. */
    onlyErrors,
    setOnlyErrors,
    sendError,
    /** The batch sent, null until then (the dialog then shows the result). */
    sent,
    /** The template's download link (a data: URL, the first group as the example). */
    templateHref,
    /** The file's rows not removed, in order; `shown`: those the preview lists. */
    current,
    shown,
    problems,
    /** The dry run's status per row key. */
    statuses,
    counts,
    /** The trainee seats needed and free, from the dry run. */
    seats,
    seatsExceeded,
    dryRun,
    sending,
    canSend,
    /** How many invites Send sends (the rows without messages, less those the server skips). */
    toSend,
    reset,
    onFile,
    removeRows,
    onSend,
  };
}

/** The dialog's state (`useInviteImport`'s answer). */
export type InviteImport = ReturnType<typeof useInviteImport>;
