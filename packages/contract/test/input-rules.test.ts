/**
 * decisions.md#hardening §11 and §12, at the schemas the server and the console share: names, titles and
 * emails refuse control characters and bidirectional overrides (multi-line texts keep TAB, LF and
 * CR); numbers in paths and queries are plain whole numbers ('0x2', ' 2', '2.0', '+2', '2e0' are
 * refused, never resolved); every refusal carries a message of the catalogue.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addAdminBodySchema,
  assetFormSchema,
  assetListQuerySchema,
  AssetType,
  assignmentListQuerySchema,
  assignmentStatusQuerySchema,
  assignmentUsersQuerySchema,
  contentListQuerySchema,
  contentStatusQuerySchema,
  createGroupBodySchema,
  createOrganizationBodySchema,
  createUserQuerySchema,
  evaluationFormSchema,
  idParamSchema,
  interviewAssignmentFormSchema,
  interviewFormSchema,
  inviteAcceptBodySchema,
  inviteBodySchema,
  loginBodySchema,
  messages,
  organizationAssetsQuerySchema,
  organizationContentsQuerySchema,
  pageQuerySchema,
  questionFormSchema,
  questionnaireCreateQuerySchema,
  resetRequestSchema,
  reviewBodySchema,
  updateEmailBodySchema,
  updateGroupBodySchema,
  updateUserBodySchema,
  userListQuerySchema,
} from '../src';

const catalogue = new Set<string>(Object.values(messages));

/** The messages of a failed parse at `path` ('' for all), or [] when it passes. */
function errorsAt(schema: z.ZodType, value: unknown, path?: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues
    .filter((i) => path === undefined || i.path.join('.') === path)
    .map((i) => i.message);
}

/** `value` with `text` put at the dotted `path` (array indexes as numbers). */
function withAt(value: unknown, path: string, text: string): unknown {
  const copy = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = text;
  return copy;
}

// ---------------------------------------------------------------------------------------------
// §11: control characters
// ---------------------------------------------------------------------------------------------

const contact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.test',
  phoneNumber: '0123456789',
};
const interview = { name: 'Interview', description: 'About it', roles: [{ name: 'Client' }] };
const question = {
  text: 'Why?',
  description: 'Say why',
  questionTypeId: 2,
  tags: ['tag'],
  options: [{ text: 'Yes' }],
};
const assignment = {
  name: 'Assignment',
  description: 'About it',
  organizationId: 1,
  interviewId: 1,
  environmentId: 1,
  roles: [{ roleId: 1, avatarId: 1 }],
  ratingsId: 2,
  feedbackId: 3,
};

/** [label, schema, a valid value, the single-line fields, the multi-line fields]. */
const textCases: [string, z.ZodType, unknown, string[], string[]][] = [
  ['sign-in', loginBodySchema, { email: 'a@example.test', password: 'pass' }, ['email'], []],
  ['reset request', resetRequestSchema, { email: 'a@example.test' }, ['email'], []],
  ['add admin / create user', addAdminBodySchema, contact, ['firstName', 'lastName', 'email'], []],
  ['update user', updateUserBodySchema, contact, ['firstName', 'lastName'], []],
  ['update email', updateEmailBodySchema, { email: 'a@example.test' }, ['email'], []],
  [
    'invite',
    inviteBodySchema,
    { ...contact, organizationId: 1, roleId: 1 },
    ['firstName', 'lastName', 'email'],
    [],
  ],
  [
    'invite accept',
    inviteAcceptBodySchema,
    { ...contact, token: 'token', password: 'pass' },
    ['firstName', 'lastName', 'email'],
    [],
  ],
  [
    'create group',
    createGroupBodySchema,
    { name: 'Group', description: 'About it', organizationId: 1 },
    ['name'],
    ['description'],
  ],
  [
    'update group',
    updateGroupBodySchema,
    { name: 'Group', description: 'About it' },
    ['name'],
    ['description'],
  ],
  [
    'organization',
    createOrganizationBodySchema,
    { name: 'Organization', address: 'Main street 1', contact },
    ['name', 'address', 'contact.firstName', 'contact.lastName', 'contact.email'],
    [],
  ],
  ['interview', interviewFormSchema, interview, ['name', 'roles.0.name'], ['description']],
  [
    'evaluation',
    evaluationFormSchema,
    { name: 'Rating', description: 'About it' },
    ['name'],
    ['description'],
  ],
  ['question', questionFormSchema, question, ['tags.0', 'options.0.text'], ['text', 'description']],
  [
    'avatar',
    assetFormSchema(AssetType.Avatar),
    { name: 'Avatar', description: 'About it', imageId: 1 },
    ['name'],
    ['description'],
  ],
  [
    'environment',
    assetFormSchema(AssetType.Environment),
    { name: 'Office', description: 'About it', imageId: 1 },
    ['name'],
    ['description'],
  ],
  ['assignment', interviewAssignmentFormSchema, assignment, ['name'], ['description']],
  [
    'review',
    reviewBodySchema,
    { answers: { ratings: [], feedback: [{ questionId: 1, text: 'Good' }] } },
    [],
    ['answers.feedback.0.text'],
  ],
];

/** Refused everywhere: C0 (but TAB, LF, CR), DEL and C1, the bidirectional overrides and isolates. */
const alwaysRefused = [
  '\u0000',
  '\u0007',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];
/** Refused in names, titles and emails; kept in multi-line texts. */
const lineBreaks = ['\r', '\n', '\r\n', '\t', '\u2028', '\u2029'];

const hex = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join(' ');
/** A value for `path` with `c` in its middle ('Ada' + c + 'x' in a name, 'a' + c + 'b@…' in an email). */
const around = (valid: unknown, path: string, c: string) => {
  const current = path
    .split('.')
    .reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], valid) as string;
  const at = current.indexOf('@') > 0 ? current.indexOf('@') - 1 : 1;
  return withAt(valid, path, current.slice(0, at) + c + current.slice(at));
};

describe('§11 names, titles and emails refuse control characters', () => {
  for (const [label, schema, valid, single, multi] of textCases) {
    it(`${label}: the valid value passes`, () => {
      expect(errorsAt(schema, valid)).toEqual([]);
    });
    for (const path of single) {
      it(`${label}.${path}: line breaks, controls and bidi overrides are refused`, () => {
        for (const c of [...alwaysRefused, ...lineBreaks]) {
          expect(errorsAt(schema, around(valid, path, c), path), hex(c)).toEqual([
            messages.lineHasControlCharacters,
          ]);
        }
        // At the ends too: trimming must not hide a line break.
        expect(errorsAt(schema, withAt(valid, path, 'Name\r\n'), path)).toEqual([
          messages.lineHasControlCharacters,
        ]);
      });
    }
    for (const path of multi) {
      it(`${label}.${path}: TAB, LF and CR are kept, other controls and bidi overrides refused`, () => {
        for (const c of lineBreaks) {
          expect(errorsAt(schema, around(valid, path, c), path), hex(c)).toEqual([]);
        }
        for (const c of alwaysRefused) {
          expect(errorsAt(schema, around(valid, path, c), path), hex(c)).toEqual([
            messages.textHasControlCharacters,
          ]);
        }
      });
    }
  }

  it("a phone number with a control character is 'Phone number is invalid!'", () => {
    for (const c of [...alwaysRefused, ...lineBreaks]) {
      const phoneNumber = `012345678${c}`.slice(-10);
      expect(errorsAt(updateUserBodySchema, { ...contact, phoneNumber }, 'phoneNumber')).toEqual([
        messages.phoneNumberInvalid,
      ]);
    }
  });

  it('the messages are human sentences of the catalogue', () => {
    expect(messages.lineHasControlCharacters).toBe(
      'Text must not contain line breaks or invisible control characters!',
    );
    expect(messages.textHasControlCharacters).toBe(
      'Text must not contain invisible control characters!',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// §12: plain whole numbers
// ---------------------------------------------------------------------------------------------

/** [label, schema, key, a valid value, whether the key is a comma list]. */
const numberCases: [string, z.ZodType, string, string, boolean][] = [
  ['path id', idParamSchema, 'id', '2', false],
  ['page', pageQuerySchema, 'page', '2', false],
  ['pageSize', pageQuerySchema, 'pageSize', '25', false],
  ['assets page', assetListQuerySchema, 'page', '2', false],
  ['assets pageSize', assetListQuerySchema, 'pageSize', '50', false],
  ['assets typeId', assetListQuerySchema, 'typeId', '2', false],
  ['organization assets type', organizationAssetsQuerySchema, 'type', '1', false],
  ['content status change', contentStatusQuerySchema, 'statusId', '3', false],
  ['assignment status change', assignmentStatusQuerySchema, 'statusId', '3', false],
  ['questionnaire create type', questionnaireCreateQuerySchema, 'contentTypeId', '2', false],
  ['contents organizationId', contentListQuerySchema, 'organizationId', '2', false],
  ['contents scope', contentListQuerySchema, 'scope', '1', false],
  ['contents authoring', contentListQuerySchema, 'authoring', '1', false],
  ['contents status', contentListQuerySchema, 'status', '3', true],
  ['organization contents status', organizationContentsQuerySchema, 'status', '3', false],
  ['organization contents type', organizationContentsQuerySchema, 'contentTypeId', '1', false],
  ['users deleted', userListQuerySchema, 'deleted', '1', false],
  ['users roles', userListQuerySchema, 'roles', '1', true],
  ['users organizationId', userListQuerySchema, 'organizationId', '2', false],
  ['create user roleId', createUserQuerySchema, 'roleId', '1', false],
  ['assignments status', assignmentListQuerySchema, 'status', '3', true],
  ['assignment users status', assignmentUsersQuerySchema, 'status', '1', true],
];

/** Ways to write `v` that are not plain: hex, padding, fractions, signs, exponents, zeros. */
const unplain = (v: string, list: boolean) => [
  `0x${v}`,
  `${v}.0`,
  `+${v}`,
  `${v}e0`,
  `0${v}`,
  `${v}n`,
  'NaN',
  'Infinity',
  // A comma list trims around its items; a single value takes no padding and no blank.
  ...(list ? [] : [` ${v}`, `${v} `, `\t${v}`, '']),
];

describe('§12 numbers in paths and queries are plain whole numbers', () => {
  for (const [label, schema, key, valid, list] of numberCases) {
    it(`${label}: '${valid}' passes; other spellings are refused with a catalogue message`, () => {
      expect(errorsAt(schema, { [key]: valid })).toEqual([]);
      for (const text of unplain(valid, list)) {
        const found = errorsAt(schema, { [key]: text });
        expect(found.length, `${key}=${JSON.stringify(text)} is refused`).toBeGreaterThan(0);
        for (const message of found) expect(catalogue.has(message), message).toBe(true);
      }
    });
  }

  it("'/users/2' reads 2; '0x2', ' 2', '2.0', '+2', '2e0' are 'Id must be a positive whole number!'", () => {
    expect(idParamSchema.parse({ id: '2' })).toEqual({ id: 2 });
    for (const id of ['0x2', ' 2', '2.0', '+2', '2e0'])
      expect(errorsAt(idParamSchema, { id })).toEqual([messages.idInvalid]);
  });
});
