import { describe, expect, it } from 'vitest';
import { maxId } from '../src/constants';
import { idParamSchema, idsBodySchema } from '../src/schemas/common';

describe('ids (the columns are 32-bit integers)', () => {
  it('accepts 1 and maxId, refuses 0, maxId + 1 and 2^53 in paths and bodies', () => {
    expect(idParamSchema.safeParse({ id: '1' }).success).toBe(true);
    expect(idParamSchema.safeParse({ id: String(maxId) }).success).toBe(true);
    for (const id of ['0', String(maxId + 1), String(2 ** 53 - 1)])
      expect(idParamSchema.safeParse({ id }).success).toBe(false);
    expect(idsBodySchema.safeParse({ ids: [1, maxId] }).success).toBe(true);
    expect(idsBodySchema.safeParse({ ids: [maxId + 1] }).success).toBe(false);
  });
});
