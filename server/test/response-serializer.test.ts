/**
 * The production serializer (fast-json-stringify compiled from the routes' zod schemas, decisions.md#performance)
 * writes only what the contract declares; outside production it is checked against zod.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { envelopeSchema, listSchema, userSchema } from '@practica/contract';
import { responseSerializerCompiler } from '../src/lib/response-serializer.js';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const user = {
  id: 7,
  firstName: 'Tom',
  lastName: 'Trainee',
  email: 'tom@example.test',
  phoneNumber: null,
  roleId: 1,
  role: 'Trainee',
  active: true,
  creator: false,
  image: null,
  imageId: null,
  organizationId: 3,
  deletedAt: null,
  groups: [{ id: 2, name: 'Cohort', secret: 'group canary' }],
};

describe('responseSerializerCompiler', () => {
  const schema = envelopeSchema(listSchema(userSchema));
  const answer = {
    success: true,
    message: 'OK',
    data: { list: [{ ...user, passwordHash: '$argon2id$canary', tokenVersion: 4 }], count: 1 },
    error: null,
  };

  it('in production writes only the declared properties, nested ones included', () => {
    const serialize = responseSerializerCompiler({ verify: false })(route(schema) as never);
    const text = serialize(answer);
    expect(text).not.toContain('canary');
    expect(text).not.toContain('tokenVersion');
    const { groups: _groups, ...rest } = user;
    expect(JSON.parse(text)).toEqual({
      ...answer,
      data: { list: [{ ...rest, groups: [{ id: 2, name: 'Cohort' }] }], count: 1 },
    });
  });

  it('outside production also runs zod: an answer outside the contract is refused', () => {
    const serialize = responseSerializerCompiler({ verify: true })(route(schema) as never);
    expect(JSON.parse(serialize(answer))).toEqual(
      JSON.parse(responseSerializerCompiler({ verify: false })(route(schema) as never)(answer)),
    );
    const { email: _email, ...withoutEmail } = user;
    expect(() => serialize({ ...answer, data: { list: [withoutEmail], count: 1 } })).toThrow();
  });
});
