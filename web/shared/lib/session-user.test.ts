/** The written-out session-user check agrees with the contract's `sessionUserSchema`. */
import { sessionUserSchema, type SessionUser } from '@practica/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toSessionUser } from './session-user';

const valid: SessionUser = {
  id: 7,
  firstName: 'Ada',
  lastName: 'Lovelace',
  roleId: 3,
  role: 'Instructor',
  organization: { id: 1, name: 'Demo Academy' },
  organizationId: 1,
  email: 'ada@demo.test',
  phoneNumber: null,
  creator: false,
  imageUrl: null,
};

const oddValue = fc.oneof(
  fc.constantFrom(null, undefined, 0, -1, 1, 1.5, 5, Number.NaN, Infinity, 2 ** 53, '', 'x', true),
  fc.constantFrom({}, [], { id: 1 }, { id: 1, name: 'Org' }, { id: 0, name: 'Org' }),
  fc.anything(),
);

/** What the schema makes of a value: its output, or null when it rejects it. */
const bySchema = (value: unknown) => {
  const parsed = sessionUserSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('toSessionUser', () => {
  it('has exactly the schema fields', () => {
    expect(Object.keys(toSessionUser(valid) ?? {})).toEqual(Object.keys(sessionUserSchema.shape));
  });

  it('accepts a stored user and drops extra fields, as the schema does', () => {
    const stored = { ...valid, token: 'x', extra: 1, organization: { id: 1, name: 'A', more: 2 } };
    expect(toSessionUser(stored)).toEqual(bySchema(stored));
    expect(JSON.stringify(toSessionUser(stored))).toBe(JSON.stringify(bySchema(stored)));
  });

  it('agrees with the schema when one field changes', () => {
    const fields = Object.keys(valid) as (keyof SessionUser)[];
    fc.assert(
      fc.property(fc.constantFrom(...fields), oddValue, fc.boolean(), (field, value, drop) => {
        const candidate: Record<string, unknown> = { ...valid, [field]: value };
        if (drop) delete candidate[field];
        expect(toSessionUser(candidate)).toEqual(bySchema(candidate));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with the schema on anything at all', () => {
    fc.assert(
      fc.property(oddValue, (value) => {
        expect(toSessionUser(value)).toEqual(bySchema(value));
      }),
    );
  });
});
