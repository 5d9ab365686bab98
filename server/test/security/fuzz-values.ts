/**
 * Value generators for the property tests of the bad-input section (decisions.md#reliability-and-security): fast-check
 * arbitraries derived from a route's JSON Schema (valid values), mutations of those values, and
 * a pool of hostile values (wrong types, huge strings, unicode, NaN and Infinity, negative and huge
 * ids, SQL and HTML payloads, prototype-pollution keys).
 */
import fc from 'fast-check';

/** The subset of JSON Schema (draft 2020-12, as `z.toJSONSchema` writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

/** Ids worth hitting: rows that exist (so valid calls reach the services) and the given exclusions. */
export interface IdSpace {
  /** Ids that exist in some table (the arbitraries prefer them). */
  pool: number[];
}

/** One mebibyte of text: a body holding it is over the API's 1 MB body limit. */
export const oneMegabyte = 'x'.repeat(1_048_576);
/** A string long enough to pass most length checks by a wide margin, but within the body limit. */
export const longText = 'é'.repeat(70_000);

/** The stored-HTML payloads of the end-to-end check, also sent by the property test. */
export const htmlPayloads = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
] as const;

/** SQL fragments that must end up as plain text or a 400, never in a query. */
export const sqlPayloads = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "'); select pg_sleep(5); --",
  '1 UNION SELECT password_hash FROM users',
  '%',
  '_',
  '\\',
] as const;

/** Strings that break naive handling: control characters, NUL, RTL, emoji, lone surrogates. */
export const trickyStrings = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFFbom',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '{{7*7}}',
  '${7*7}',
  '../../etc/passwd',
  'C:\\Windows\\system32',
  '%00',
  '%E0%A4%A',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
] as const;

/** Numbers (and number-looking strings) outside what an id or a count may be. */
export const hostileNumbers: readonly unknown[] = [
  -1,
  0,
  -0,
  1.5,
  -2_147_483_648,
  2_147_483_647,
  2_147_483_648,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '1.5',
  '0x10',
  '1e3',
  ' 1 ',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '١٢',
  '１',
];

function protoPayload(): unknown {
  return JSON.parse('{"__proto__":{"polluted":"yes","isAdmin":true}}');
}

function constructorPayload(): unknown {
  return JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}');
}

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Any hostile value, for any position in a body, query or path. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...trickyStrings) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...htmlPayloads, ...sqlPayloads) },
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...hostileNumbers) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [1, 'a'], { a: 1 }),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => protoPayload()) },
  { weight: 1, arbitrary: fc.constant(null).map(() => constructorPayload()) },
  { weight: 1, arbitrary: fc.constant(null).map(() => nested(500)) },
  { weight: 1, arbitrary: fc.constant(longText) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

/** A hostile value for a path segment or a query value (sent as text). */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...trickyStrings, ...htmlPayloads, ...sqlPayloads),
  fc.constantFrom(...hostileNumbers).map(String),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constant('q'.repeat(100_000)),
);

const numberPool = [1, 2, 3, 4, 5, 6, 25, 50, 100];

function stringArb(js: JsonSchema): fc.Arbitrary<string> {
  const min = js.minLength ?? 0;
  const max = js.maxLength ?? 200;
  const cap = Math.min(max, min + 40);
  if (js.format === 'email') {
    return fc.oneof(
      { weight: 3, arbitrary: fc.emailAddress().filter((e) => e.length <= max) },
      { weight: 1, arbitrary: fc.constantFrom('trainee2@demo.test', 'new.person@example.com') },
    );
  }
  if (js.format === 'date') {
    return fc
      .date({ min: new Date('1999-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (js.format === 'date-time') {
    return fc
      .date({ min: new Date('1999-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (js.pattern) {
    try {
      return fc.stringMatching(new RegExp(js.pattern)).filter((s) => s.length <= max);
    } catch {
      // fall through to plain strings
    }
  }
  const fits = (s: string) => s.length >= min && s.length <= max;
  const choices: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: cap }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }),
  ];
  const payloads = [...htmlPayloads, ...sqlPayloads, 'Plain text', 'Ünïcödé ✓'].filter(fits);
  if (payloads.length > 0) choices.push(fc.constantFrom(...payloads));
  if (js.maxLength !== undefined && js.maxLength <= 100_000) {
    choices.push(fc.constant('m'.repeat(js.maxLength)));
  }
  return fc.oneof(...choices);
}

function integerArb(js: JsonSchema, ids: IdSpace): fc.Arbitrary<number> {
  const lo =
    js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : -1_000_000);
  const hi =
    js.maximum ??
    (js.exclusiveMaximum !== undefined ? js.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER);
  const small = fc.integer({ min: lo, max: Math.max(lo, Math.min(hi, 1_000_000)) });
  const inRange = ids.pool.filter((n) => n >= lo && n <= hi);
  const choices: fc.WeightedArbitrary<number>[] = [
    { weight: 2, arbitrary: small },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  ];
  if (inRange.length > 0) choices.push({ weight: 4, arbitrary: fc.constantFrom(...inRange) });
  return fc.oneof(...choices);
}

function numberArb(js: JsonSchema, ids: IdSpace): fc.Arbitrary<number> {
  if (
    js.minimum !== undefined ||
    js.maximum !== undefined ||
    js.exclusiveMinimum !== undefined ||
    js.exclusiveMaximum !== undefined
  ) {
    const min = js.minimum ?? js.exclusiveMinimum ?? -1e6;
    const max = js.maximum ?? js.exclusiveMaximum ?? 1e6;
    return fc.oneof(
      integerArb(js, ids),
      fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...numberPool) },
    { weight: 1, arbitrary: fc.integer({ min: -10, max: 1000 }) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  );
}

/**
 * A value that the schema describes (what a well-behaved client sends): strings within their
 * lengths (HTML and SQL payloads included when they fit), numbers in range, ids that exist, the
 * required keys of every object and some optional ones. Not every value passes the server's zod
 * schema (refinements are not in the JSON Schema), which is fine: the answer is then a 400.
 */
export function validArb(
  js: JsonSchema | undefined,
  ids: IdSpace,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!js || depth > 6) return fc.constant(undefined);
  if (js.const !== undefined) return fc.constant(js.const);
  if (js.enum && js.enum.length > 0) return fc.constantFrom(...js.enum);
  const alternatives = js.anyOf ?? js.oneOf;
  if (alternatives && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((a) => validArb(a, ids, depth + 1)));
  }
  if (js.allOf && js.allOf.length > 0) return validArb(js.allOf[0], ids, depth + 1);
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((t) => validArb({ ...js, type: t }, ids, depth + 1)));
  }
  switch (types[0]) {
    case 'string':
      return stringArb(js);
    case 'integer':
      return integerArb(js, ids);
    case 'number':
      return numberArb(js, ids);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = js.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(js.maxItems ?? 4, minLength + 3));
      if (js.prefixItems) {
        return fc.tuple(...js.prefixItems.map((p) => validArb(p, ids, depth + 1)));
      }
      return fc.array(validArb(js.items, ids, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = js.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = validArb(sub, ids, depth + 1);
      const required = (js.required ?? []).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...at, k], out);
  }
  return out;
}

function setOwn(target: Record<string | number, unknown>, key: string | number, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Keys a caller should never get to set, and keys that poison naive object merges. */
export const extraKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'role',
  'roleId',
  'organizationId',
  'creator',
  'status',
  'isAdmin',
  'k'.repeat(300),
] as const;

export type Mutation = 'replace' | 'drop' | 'extra' | 'wrap';

/**
 * One mutation of a (valid) value at the `pick`-th of its positions: replace it with `hostile`,
 * drop it, add an unexpected key next to it, or wrap it in an array. Answers a new value.
 */
export function mutate(
  value: unknown,
  kind: Mutation,
  pick: number,
  hostile: unknown,
  extraKey: string,
): unknown {
  const copy: unknown = value === undefined ? undefined : structuredClone(value);
  const paths = pathsOf(copy);
  const path = paths[pick % paths.length] ?? [];
  if (path.length === 0) {
    if (kind === 'drop') return undefined;
    if (kind === 'wrap') return [copy];
    if (kind === 'extra' && copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
      setOwn(copy as Record<string, unknown>, extraKey, hostile);
      return copy;
    }
    return hostile;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  switch (kind) {
    case 'replace':
      setOwn(parent, last, hostile);
      break;
    case 'drop':
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
      break;
    case 'wrap':
      setOwn(parent, last, [parent[last]]);
      break;
    case 'extra':
      if (!Array.isArray(parent)) setOwn(parent, extraKey, hostile);
      else parent.push(hostile);
      break;
  }
  return copy;
}

/** An arbitrary mutation of values drawn from `valid`. */
export function mutatedArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      valid,
      fc.constantFrom<Mutation>('replace', 'replace', 'drop', 'extra', 'wrap'),
      fc.nat(),
      hostileValue,
      fc.constantFrom(...extraKeys),
    )
    .map(([v, kind, pick, hostile, key]) => mutate(v, kind, pick, hostile, key));
}
