/**
 * Response serialization. Every route declares its answer as a zod schema (the contract
 * package). fastify-type-provider-zod serializes by running the whole answer through zod, then
 * `JSON.stringify`, a large share of a list request's CPU.
 * Here each schema is turned once (at the route's first answer) into JSON Schema (zod's own `z.toJSONSchema`) and compiled with
 * fast-json-stringify, Fastify's own serializer: it writes only the properties the schema declares,
 * so an unlisted field (a password hash, another organization's id) still never reaches the wire.
 *
 * `verify: true` (tests and development) also runs zod's serializer on every answer and throws when
 * zod refuses the answer or the two texts are not the same JSON value, so the whole test suite
 * keeps checking each answer against its contract and the fast path against zod. (Only the order
 * of an object's keys may differ: fast-json-stringify writes the schema's order, zod the data's.)
 * A schema that JSON Schema cannot express falls back to zod's serializer.
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;

/** The fast-json-stringify function of `schema`, or null when JSON Schema cannot express it. */
function compileFast(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const jsonSchema = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    return fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serialize;
  } catch {
    return null;
  }
}

/**
 * The serializer compiler to give `app.setSerializerCompiler`. With `verify`, each answer is also
 * serialized by zod and the two must be identical (an Error naming the route otherwise).
 */
export function responseSerializerCompiler(options: {
  verify: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    let serialize: Serialize | undefined;
    // Compiled at the route's first answer, not at start: compiling every route's schemas took
    // about 0.6 s of CPU before the server could listen.
    return (data) => (serialize ??= compile(route))(data);
  };

  function compile(route: Parameters<FastifySerializerCompiler<z.ZodType>>[0]): Serialize {
    const viaZod = zodSerializerCompiler(route) as Serialize;
    const fast = compileFast(route.schema);
    if (!fast) return viaZod;
    if (!options.verify) return fast;
    return (data) => {
      const expected = viaZod(data);
      // Same value, not same text: see the module note on key order.
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `the fast serializer of ${route.method} ${route.url} wrote ${written.slice(0, 300)} where zod wrote ${expected.slice(0, 300)}`,
        );
      }
      return written;
    };
  }
}
