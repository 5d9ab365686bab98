/**
 * CSV export of the insights (decisions.md#insights-and-administration §1 'exportable as CSV'): every table of the insights is a
 * list of columns over rows; the same columns render the accessible table and the CSV file, so
 * both always say the same. Written by the console's one CSV writer (`lib/csv.ts`): UTF-8 with a
 * byte-order mark, CRLF line ends, and text cells that a spreadsheet could run as a formula (a
 * name or criterion starting with `=`, `+`, `-`, `@` …) prefixed with a single quote; numbers stay
 * numbers.
 */
import { downloadCsvText, writeCsv } from '../../lib/csv';

/** One column of an insights table: its header and the cell's value for a row. */
export interface DataColumn<T> {
  key: string;
  header: string;
  /**
   * The cell as shown and exported: text already formatted, or a number (exported as a number, so
   * a negative one stays a figure a spreadsheet can use rather than text).
   */
  value: (row: T) => string | number;
}

/**
 * The CSV text of `rows` under `columns` (a header line, then one line per row).
 * @returns the file's text, without the byte-order mark.
 */
export function toCsv<T>(columns: readonly DataColumn<T>[], rows: readonly T[]): string {
  return writeCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => c.value(row))),
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
  downloadCsvText(fileName, toCsv(columns, rows));
}
