/**
 * Turns a report table into an .xlsx Blob. Loads the xlsx writer lazily (dynamic import), so it
 * lands in its own chunk and never in the login or review page chunks.
 */
import { reportDateFormat, type ReportTable } from './build-report';

/** Starts loading the xlsx writer ahead of use (e.g. while the report's data loads). */
export function preloadXlsxWriter(): void {
  import('write-excel-file/universal').catch(() => {
    // writeReport imports it again and reports the failure
  });
}

/**
 * Writes the table to an .xlsx Blob with one sheet named as the table says: texts as text cells,
 * numbers as number cells and dates as date cells (Excel serial numbers), numbers and dates shown
 * in their column's `numberFormats` (a text such as N/A in those columns stays text).
 */
export async function writeReport(table: ReportTable): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/universal');
  const header = table.columns.map((value) => ({ value, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) =>
    row.map((value, i) => {
      const format = table.numberFormats[i];
      return format && typeof value !== 'string' ? { value, format } : { value };
    }),
  );
  return writeXlsxFile([header, ...rows], {
    sheet: table.sheetName,
    dateFormat: reportDateFormat,
    // The header row stays in view while scrolling 2,000 rows.
    stickyRowsCount: 1,
    columns: table.columns.map((c, i) => ({ width: i < 11 ? 18 : Math.min(40, c.length + 2) })),
  }).toBlob();
}
