/**
 * The 'Import CSV' dialog's bookkeeping (decisions.md#insights-and-administration §2): a repeated
 * email is an error of the later row and stops being one once the first is removed; the server's
 * answer (indexed by the rows it was sent) lands on the preview's rows after removals; the summary
 * counts each row without errors by its status and every row with errors as an error.
 */
import { format, type InviteBatchResult } from '@practica/contract';
import { describe, expect, it } from 'vitest';
import { readInviteCsv, type ImportRow } from '../invite-csv';
import { byKey, importCounts, rowProblems } from './use-invite-import';

const csv = [
  'First name,Last name,Email,Role,Group',
  'Ada,Lovelace,ada@example.test,Trainee,',
  'Alan,Turing,alan@example.test,Trainee,',
  'Ada,Again,ADA@example.test,Trainee,',
  'Grace,Hopper,grace@example.test,Instructor,',
].join('\n');

function rows(): ImportRow[] {
  const read = readInviteCsv(csv, []);
  if ('error' in read) throw new Error(read.error.message);
  return read.rows;
}

const resultRow = (index: number, status: 'create' | 'resend' | 'skip') => ({
  index,
  email: `row${index}@example.test`,
  status,
  reason: null,
  inviteId: null,
});

describe('invite import bookkeeping', () => {
  it('flags the later row of a repeated email, until the first is removed', () => {
    const all = rows();
    const [ada, , again] = all;
    expect(rowProblems(all).get(again!.key)).toEqual([format.importDuplicateEmail(ada!.line)]);
    expect(rowProblems(all).size).toBe(1);
    expect(rowProblems(all.filter((row) => row !== ada)).size).toBe(0);
  });

  it("puts the server's answer on the rows it was asked about, by their keys", () => {
    const [ada, alan, , grace] = rows();
    const result = {
      rows: [resultRow(0, 'create'), resultRow(1, 'skip')],
    } as unknown as InviteBatchResult;
    const statuses = byKey({ keys: [alan!.key, grace!.key], result });
    expect(statuses.get(alan!.key)?.status).toBe('create');
    expect(statuses.get(grace!.key)?.status).toBe('skip');
    expect(statuses.has(ada!.key)).toBe(false);
    expect(byKey(undefined).size).toBe(0);
  });

  it('counts rows by their checked status and rows with errors as errors', () => {
    const all = rows();
    const [ada, alan, again, grace] = all;
    const problems = rowProblems(all);
    const result = {
      rows: [resultRow(0, 'create'), resultRow(1, 'resend'), resultRow(2, 'skip')],
    } as unknown as InviteBatchResult;
    const statuses = byKey({ keys: [ada!.key, alan!.key, grace!.key], result });
    expect(importCounts(all, problems, statuses)).toEqual({
      create: 1,
      resend: 1,
      skip: 1,
      errors: 1,
    });
    // A row with errors is never counted by a status, even one an older check gave it.
    const stale = byKey({
      keys: [again!.key],
      result: { rows: [resultRow(0, 'create')] } as never,
    });
    expect(importCounts(all, problems, stale)).toEqual({
      create: 0,
      resend: 0,
      skip: 0,
      errors: 1,
    });
  });
});
