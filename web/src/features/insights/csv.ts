/**
 * CSV export of the insights (issue 23 §1 'exportable as CSV'): every table of the insights is a
 * list of columns over rows; the same columns render the accessible table and the CSV file, so
 * both always say the same. Files are UTF-8 with a byte-order mark (so spreadsheet programs read
 * names with accents) and CRLF line ends (RFC 4180), written by papaparse's `unparse`.
 */
import Papa from 'papaparse';

/** One column of an insights table: its header and the cell's value for a row. */
export interface DataColumn<T> {
  key: string;
  header: string;
  /** The cell as shown and exported (numbers already formatted). */
  value: (row: T) => string | number;
}

/**
 * The CSV text of `rows` under `columns` (a header line, then one line per row).
 * @returns the file's text, without the byte-order mark.
 */
export function toCsv<T>(columns: readonly DataColumn<T>[], rows: readonly T[]): string {
  return Papa.unparse(
    {
      fields: columns.map((c) => c.header),
      data: rows.map((row) => columns.map((c) => c.value(row))),
    },
    { newline: '\r\n' },
  );
}

/**
 * A file name like `assignment-12-criteria.csv`: the subject (`assignment`, `user`,
 * `organization`), its id and the table's slug.
 */
export function csvFileName(subject: string, id: number, table: string): string {
  const slug = table
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${subject}-${id}-${slug}.csv`;
}

/** Starts the browser's download of `rows` under `columns` as the CSV file `fileName`. */
export function downloadCsv<T>(
  fileName: string,
  columns: readonly DataColumn<T>[],
  rows: readonly T[],
): void {
  const blob = new Blob(['\uFEFF', toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
