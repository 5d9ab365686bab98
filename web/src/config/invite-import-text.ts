/**
 * Console-only strings of the CSV import of invites (decisions.md#insights-and-administration §2). The API's strings (row
 * messages, the seat rule, too many rows …) are the contract's `messages` and `format`.
 */

/** 'A, B and C' (English list). */
const list = (items: readonly string[]) =>
  items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const inviteImportText = {
  importCsv: 'Import CSV',
  title: 'Import invites from a CSV file',
  intro:
    'Invite many people at once from a spreadsheet saved as CSV. The first row names the columns:',
  columnsHelp: [
    'First name, Last name and Email (required)',
    'Role: Trainee, Instructor or Manager',
    'Group (optional): the name of one of your groups, for trainees and instructors',
  ],
  headerHint:
    'Column names are matched loosely: "first_name", "Given name", "Surname", "E-mail" or "Email address" work too.',
  downloadTemplate: 'Download the template',
  templateFileName: 'invites-template.csv',
  dropHere: 'Drop a CSV file here, or',
  chooseFile: 'Choose a CSV file',
  chooseAnother: 'Choose another file',
  reading: 'Reading the file…',
  fileLabel: (name: string, rows: number) => `${name} · ${plural(rows, 'row', 'rows')}`,

  // File errors.
  notCsv: (name: string) =>
    `"${name}" is not a CSV file. Save the spreadsheet as CSV and choose it again.`,
  emptyFile: 'The file is empty. Start from the template: its first row names the columns.',
  unreadable: 'The file could not be read as CSV text.',
  missingColumns: (names: readonly string[]) =>
    `The file has no ${names.length === 1 ? 'column' : 'columns'} for ${list(names)}. Its first row must name the columns First name, Last name, Email and Role (Group is optional).`,

  // Preview.
  previewLabel: 'Rows of the file',
  row: 'Row',
  name: 'Name',
  email: 'Email',
  role: 'Role',
  group: 'Group',
  check: 'Check',
  /** The one column of a narrow screen: the person, their role and group, and the check. */
  person: 'Person',
  remove: 'Remove',
  removeRow: (line: number) => `Remove row ${line}`,
  rowOk: 'Ready',
  willCreate: 'New invite',
  willResend: 'Re-send',
  willSkip: 'Skip',
  checking: 'Checking…',
  showAll: 'All rows',
  showProblems: 'Rows with errors',
  removeRowsWithErrors: (n: number) => `Remove the ${plural(n, 'row', 'rows')} with errors`,
  summaryCreate: (n: number) => `${n} to create`,
  summaryResend: (n: number) => `${n} to re-send`,
  summarySkip: (n: number) => `${n} skipped`,
  summaryErrors: (n: number) => `${n} with errors`,
  fixErrorsFirst: (n: number) =>
    `Remove the ${plural(n, 'row', 'rows')} with errors (or fix the file and choose it again) to send.`,
  raiseSeats: 'Raise the trainee seats',
  noRowsLeft: 'No rows left to send. Choose another file.',
  checkFailed: 'The rows could not be checked against the organization.',
  retryCheck: 'Check again',

  // Sending and results.
  send: (n: number) => `Send ${plural(n, 'invite', 'invites')}`,
  sending: (n: number) => `Sending ${plural(n, 'invite', 'invites')}…`,
  resultsLabel: 'Result per row',
  created: 'Created',
  resent: 'Re-sent',
  skipped: 'Skipped',
  /** The counts of a sent file: the server's, and the rows removed before sending (not sent). */
  resultSummary: (created: number, resent: number, skipped: number, removed: number) =>
    `${created} created, ${resent} re-sent, ${skipped} skipped${
      removed > 0 ? `, ${removed} removed before sending (not sent)` : ''
    }.`,
  removedBadge: 'Removed',
  removedNote: 'Not sent: removed before sending.',
  sentToast: (created: number, resent: number, skipped: number) =>
    `Invites sent: ${created} created, ${resent} re-sent, ${skipped} skipped.`,
  nothingLost: 'Nothing was sent; the rows are kept below, so you can remove some and send again.',
  importAnother: 'Import another file',
  close: 'Done',
  cancel: 'Cancel',
} as const;
