/**
 * The CSV import of invites, without React (decisions.md#insights-and-administration §2): reading the file with `papaparse`, matching
 * its header names loosely, turning each line into a row with the spec's own messages
 * (`inviteBatchRowSchema`: `messages.firstNameRequired`, …; `messages.adminNotInvitable`,
 * `messages.importRoleInvalid`, `format.importGroupUnknown`), the duplicates within the file
 * (`format.importDuplicateEmail`) and the downloadable template (written by `lib/csv.ts`, whose
 * formula guard — a leading single quote — is dropped again when a cell is read back).
 *
 * Row numbers are the spreadsheet's: the header is row 1, the first invite row 2.
 */
import {
  format,
  inviteBatchMaxRows,
  inviteBatchRowSchema,
  messages,
  Role,
  type InviteBatchRow,
  type RoleId,
} from '@practica/contract';
import Papa from 'papaparse';
import { inviteImportText } from '../../config/invite-import-text';
import { restoreCell, writeCsv } from '../../lib/csv';

/** The columns of the file, in the template's order. */
export const importColumns = ['firstName', 'lastName', 'email', 'role', 'group'] as const;
export type ImportColumn = (typeof importColumns)[number];
/** The columns a file must have (group is optional). */
export const requiredImportColumns = ['firstName', 'lastName', 'email', 'role'] as const;

/** The template's (and the error messages') name of each column. */
export const importColumnLabels: Record<ImportColumn, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  role: 'Role',
  group: 'Group',
};

/** Header names accepted per column, normalized (`normalizeHeader`). */
const headerAliases: Record<ImportColumn, readonly string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'forename', 'fname', 'christianname'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'mail', 'mailaddress', 'emailid'],
  role: ['role', 'roles', 'userrole', 'roletype', 'roletoinvite'],
  group: ['group', 'groupname', 'groups', 'cohort', 'team'],
};

/** A header name without case, spaces, `_`, `-` or punctuation ('E-mail' → 'email'). */
export function normalizeHeader(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Which column of the file holds each field: takes the header cells, returns the 0-based index per
 * field found (the first matching cell wins) and the required fields missing.
 */
export function matchHeader(header: readonly string[]): {
  columns: Partial<Record<ImportColumn, number>>;
  missing: ImportColumn[];
} {
  const columns: Partial<Record<ImportColumn, number>> = {};
  header.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    const column = importColumns.find((c) => headerAliases[c].includes(name));
    if (column && columns[column] === undefined) columns[column] = index;
  });
  const missing = requiredImportColumns.filter((c) => columns[c] === undefined);
  return { columns, missing };
}

/** One line of the file as the preview shows it. */
export interface ImportRow {
  /** Stable key (the line's index in the file). */
  key: number;
  /** Spreadsheet row number (header = 1). */
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  /** The role and group as written in the file. */
  role: string;
  group: string;
  /** The row's own messages (the schema's, role and group); duplicates come from `duplicateLines`. */
  errors: string[];
  /** The row as the batch call takes it; null when it has errors. */
  body: InviteBatchRow | null;
}

/** A group the file's group names are matched against. */
export interface ImportGroup {
  id: number;
  name: string;
}

/** Role names of the file (case-insensitive) → role id; Admin is known but refused. */
const roleByName: Record<string, RoleId> = {
  trainee: Role.Trainee,
  instructor: Role.Instructor,
  manager: Role.Manager,
  admin: Role.Admin,
};

const fieldOrder = ['firstName', 'lastName', 'email', 'roleId', 'groupId'];

/**
 * Validates one line: takes the cells already picked by column and the organization's groups;
 * returns the row's messages (in field order, each once) and, when there are none, the body row.
 */
export function validateRow(
  cells: Record<ImportColumn, string>,
  groupsByName: ReadonlyMap<string, number>,
): { errors: string[]; body: InviteBatchRow | null } {
  const errors: { field: string; message: string }[] = [];
  const roleName = cells.role.trim().toLowerCase();
  const roleId = roleByName[roleName];
  const groupName = cells.group.trim();
  let groupId: number | null = null;
  if (groupName) {
    const found = groupsByName.get(groupName.toLowerCase());
    if (found === undefined)
      errors.push({ field: 'groupId', message: format.importGroupUnknown(groupName) });
    else groupId = found;
  }
  const parsed = inviteBatchRowSchema.safeParse({
    firstName: cells.firstName,
    lastName: cells.lastName,
    email: cells.email,
    roleId,
    groupId,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      errors.push({ field: String(issue.path[0] ?? ''), message: issue.message });
    }
  }
  errors.sort((a, b) => fieldOrder.indexOf(a.field) - fieldOrder.indexOf(b.field));
  const unique = [...new Set(errors.map((e) => e.message))];
  return { errors: unique, body: parsed.success && unique.length === 0 ? parsed.data : null };
}

/** Why a file was refused before any preview. */
export type ImportFileError =
  | { kind: 'notCsv'; message: string }
  | { kind: 'empty'; message: string }
  | { kind: 'noRows'; message: string }
  | { kind: 'tooMany'; message: string }
  | { kind: 'missingColumns'; message: string; missing: ImportColumn[] };

/** A file is CSV by its name (.csv) or its type (text/csv); spreadsheets and others are refused. */
export function looksLikeCsv(file: { name: string; type: string }): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/**
 * Reads the text of a CSV file into preview rows: takes the text and the organization's groups;
 * returns the rows (blank lines left out, row numbers kept) or why the file is refused — empty, no
 * invite rows (`messages.importRowsRequired`), more than `inviteBatchMaxRows`
 * (`messages.importRowsTooMany`) or required columns missing (named).
 */
export function readInviteCsv(
  text: string,
  groups: readonly ImportGroup[],
): { rows: ImportRow[] } | { error: ImportFileError } {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { error: { kind: 'empty', message: inviteImportText.emptyFile } };
  const parsed = Papa.parse<string[]>(source, { header: false, skipEmptyLines: false });
  const lines = parsed.data;
  const headerIndex = lines.findIndex((cells) => cells.some((c) => c.trim() !== ''));
  const header = lines[headerIndex] ?? [];
  const { columns, missing } = matchHeader(header);
  if (missing.length > 0) {
    return {
      error: {
        kind: 'missingColumns',
        missing,
        message: inviteImportText.missingColumns(missing.map((c) => importColumnLabels[c])),
      },
    };
  }
  const groupsByName = new Map(groups.map((g) => [g.name.trim().toLowerCase(), g.id]));
  const cell = (cells: string[], column: ImportColumn) => {
    const index = columns[column];
    return index === undefined ? '' : restoreCell((cells[index] ?? '').trim());
  };
  const rows: ImportRow[] = [];
  for (let i = headerIndex + 1; i < lines.length; i += 1) {
    const cells = lines[i]!;
    if (!cells.some((c) => c.trim() !== '')) continue;
    const values = {
      firstName: cell(cells, 'firstName'),
      lastName: cell(cells, 'lastName'),
      email: cell(cells, 'email'),
      role: cell(cells, 'role'),
      group: cell(cells, 'group'),
    };
    rows.push({ key: i, line: i + 1, ...values, ...validateRow(values, groupsByName) });
  }
  if (rows.length === 0) return { error: { kind: 'noRows', message: messages.importRowsRequired } };
  if (rows.length > inviteBatchMaxRows)
    return { error: { kind: 'tooMany', message: messages.importRowsTooMany } };
  return { rows };
}

/**
 * The duplicates within the (remaining) rows: takes the rows in file order; returns, per row key of
 * each later occurrence of an email (ignoring case), the row number of its first occurrence.
 */
export function duplicateLines(rows: readonly ImportRow[]): Map<number, number> {
  const first = new Map<string, number>();
  const duplicates = new Map<number, number>();
  for (const row of rows) {
    const email = row.email.trim().toLowerCase();
    if (!email) continue;
    const seen = first.get(email);
    if (seen === undefined) first.set(email, row.line);
    else duplicates.set(row.key, seen);
  }
  return duplicates;
}

/** All messages of a row: its own and, when it repeats an earlier email, the duplicate's. */
export function rowMessages(row: ImportRow, duplicates: ReadonlyMap<number, number>): string[] {
  const firstLine = duplicates.get(row.key);
  return firstLine === undefined
    ? row.errors
    : [...row.errors, format.importDuplicateEmail(firstLine)];
}

/**
 * The template (`invites-template.csv`): the header row and two example rows; takes a group name
 * to show in the example (the organization's first group), if any. Written by the console's CSV
 * writer (`writeCsv`), so a group name a spreadsheet could run as a formula is neutralised.
 */
export function inviteTemplateCsv(exampleGroup?: string): string {
  return writeCsv(
    importColumns.map((c) => importColumnLabels[c]),
    [
      ['Ada', 'Lovelace', 'ada.lovelace@example.com', 'Trainee', exampleGroup ?? ''],
      ['Grace', 'Hopper', 'grace.hopper@example.com', 'Instructor', ''],
    ],
  );
}
