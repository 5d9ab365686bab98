/**
 * Test-only reader of .xlsx files (unit and e2e tests; never bundled): unzips with node:zlib and
 * reads the sheet names and the first sheet's cells (shared, inline and number cells), each also
 * with its kind and its number format as Excel shows it (styles.xml), and the frozen rows.
 */
import { inflateRawSync } from 'node:zlib';

/** One cell as Excel holds it: its value, whether text or number, and its number format. */
export interface XlsxCell {
  value: string | number;
  /** 'text' (shared, inline or formula string), 'number' (numbers and dates) or 'boolean'. */
  kind: 'text' | 'number' | 'boolean';
  /** The number format code ('General' when none): e.g. '0.0', 'mm.dd.yyyy'. */
  format: string;
}

/** The parsed workbook: sheet names and the first sheet's rows (row-major, A1 first). */
export interface XlsxContent {
  sheetNames: string[];
  rows: (string | number)[][];
  /** The same cells with their kind and number format. */
  cells: XlsxCell[][];
  /** How many top rows are frozen (a pane's ySplit), 0 when none. */
  frozenRows: number;
}

/** Excel's built-in number formats the tests meet (ECMA-376 §18.8.30). */
const builtInFormats: Record<number, string> = {
  0: 'General',
  1: '0',
  2: '0.00',
  14: 'mm-dd-yy',
  22: 'm/d/yy h:mm',
  49: '@',
};

/**
 * The date an Excel serial number stands for, as its UTC fields (Excel keeps wall-clock time
 * without a zone): serial 1 is 1900-01-01, and 60 the phantom 1900-02-29 (1900 date system).
 */
export function serialToDate(serial: number): Date {
  const days = serial > 60 ? serial - 25569 : serial - 25568;
  return new Date(Math.round(days * 86_400_000));
}

/** Formats a UTC date with the tokens mm, dd, yyyy of a number format (tests' date formats). */
export function formatSerialDate(serial: number, format: string): string {
  const d = serialToDate(serial);
  const two = (n: number) => String(n).padStart(2, '0');
  return format
    .replace('yyyy', String(d.getUTCFullYear()))
    .replace('mm', two(d.getUTCMonth() + 1))
    .replace('dd', two(d.getUTCDate()));
}

/** Unzips a zip buffer into a map of entry name → bytes. */
export function unzip(buffer: Uint8Array): Map<string, Buffer> {
  const buf = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('Not a zip file');
  const entries = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i += 1) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataStart, dataStart + size);
    files.set(name, method === 0 ? Buffer.from(raw) : inflateRawSync(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&');

/** All `<t>` texts inside a fragment, concatenated. */
const texts = (xml: string) =>
  [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decode(m[1] ?? '')).join('');

/** Column letters → zero-based index. */
const columnIndex = (letters: string) =>
  [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;

/** Reads the sheet names and the first sheet's cells of an .xlsx file. */
export function readXlsx(buffer: Uint8Array): XlsxContent {
  const files = unzip(buffer);
  const read = (name: string) => files.get(name)?.toString('utf8') ?? '';
  const sheetNames = [...read('xl/workbook.xml').matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)].map(
    (m) => decode(m[1] ?? ''),
  );
  const shared = [...read('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    texts(m[1] ?? ''),
  );
  const styles = read('xl/styles.xml');
  const numFmts = new Map<number, string>(
    [...styles.matchAll(/<numFmt\b[^>]*\bnumFmtId="(\d+)"[^>]*\bformatCode="([^"]*)"/g)].map(
      (m) => [Number(m[1]), decode(m[2] ?? '')],
    ),
  );
  const cellXfs = /<cellXfs\b[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const xfFormats = [...cellXfs.matchAll(/<xf\b([^>]*?)\/?>/g)].map((m) => {
    const id = Number(/\bnumFmtId="(\d+)"/.exec(m[1] ?? '')?.[1] ?? 0);
    return numFmts.get(id) ?? builtInFormats[id] ?? `#${id}`;
  });
  const sheet = read('xl/worksheets/sheet1.xml');
  const rows: (string | number)[][] = [];
  const cellRows: XlsxCell[][] = [];
  for (const row of sheet.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: XlsxCell[] = [];
    for (const cell of (row[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = cell[1] ?? '';
      const body = cell[2] ?? '';
      const ref = /\br="([A-Z]+)\d+"/.exec(attrs)?.[1];
      const type = /\bt="([^"]*)"/.exec(attrs)?.[1];
      const style = /\bs="(\d+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: string | number = '';
      let kind: XlsxCell['kind'] = 'text';
      if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'inlineStr') value = texts(body);
      else if (type === 'str') value = decode(v ?? '');
      else if (type === 'b') {
        value = decode(v ?? '');
        kind = 'boolean';
      } else if (v !== undefined) {
        value = Number(v);
        kind = 'number';
      }
      const index = ref ? columnIndex(ref) : cells.length;
      while (cells.length < index) cells.push({ value: '', kind: 'text', format: 'General' });
      cells[index] = {
        value,
        kind,
        format: style === undefined ? 'General' : (xfFormats[Number(style)] ?? 'General'),
      };
    }
    cellRows.push(cells);
    rows.push(cells.map((c) => c.value));
  }
  const frozenRows = Number(
    /<pane\b[^>]*\bySplit="(\d+)"[^>]*state="frozen"/.exec(sheet)?.[1] ?? 0,
  );
  return { sheetNames, rows, cells: cellRows, frozenRows };
}
