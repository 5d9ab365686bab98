/**
 * The demo data as the route tests address it: accounts by short name (`manager` for
 * manager@demo.test), the two demo organizations, the groups by name, and `app.inject` as one of
 * the signed-in accounts.
 */
import { like } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { groups, organizations, users } from '../../src/db/schema/index.js';
import { injectWithToken, tokenFor, type Method, type TestContext } from './build.js';

export type { Method };

/** A route test's call: `method url` as `who` (none: without a token), with an optional body. */
export type Call<Who extends string> = (
  method: Method,
  url: string,
  who?: Who,
  payload?: object,
) => Promise<LightMyRequestResponse>;

const demoDomain = '@demo.test';

/** The ids of Demo Academy (`demo`) and Northwind Training (`northwind`). */
export async function demoOrganizationIds(db: Db): Promise<{ demo: number; northwind: number }> {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations);
  return {
    demo: rows.find((r) => r.name === 'Demo Academy')!.id,
    northwind: rows.find((r) => r.name === 'Northwind Training')!.id,
  };
}

/** Every group's id by its name. */
export async function groupIdsByName(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ id: groups.id, name: groups.name }).from(groups);
  return Object.fromEntries(rows.map((g) => [g.name, g.id]));
}

/** Every demo account's id by its short name (`omar` for omar@demo.test). */
export async function demoUserIds(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(like(users.email, `%${demoDomain}`));
  return Object.fromEntries(rows.map((u) => [u.email.slice(0, -demoDomain.length), u.id]));
}

/** Signs in each of `who` with the demo password: the tokens by short name. */
export async function demoTokens<Who extends string>(
  app: FastifyInstance,
  who: readonly Who[],
): Promise<Record<Who, string>> {
  const tokens = {} as Record<Who, string>;
  for (const name of who) tokens[name] = await tokenFor(app, `${name}${demoDomain}`);
  return tokens;
}

/** The accounts most route tests sign in as. */
export const demoActors = [
  'admin',
  'manager',
  'manager2',
  'instructor',
  'instructor2',
  'trainee',
] as const;

export interface DemoFixture {
  /** Tokens of the accounts signed in, by short name. */
  tokens: Record<string, string>;
  /** Every demo account's id, by short name. */
  ids: Record<string, number>;
  org: { demo: number; northwind: number };
  /** Group ids by name. */
  groups: Record<string, number>;
  /** The app the fixture was loaded from. */
  app: FastifyInstance | undefined;
  /** `app.inject` as one of the accounts signed in. */
  call: Call<string>;
}

/**
 * An empty fixture for a test file's top level, filled by `loadDemoFixture` in `beforeAll`; the
 * file may name its records and `call` (`const { tokens: t, call } = fixture`) since they are
 * filled in place.
 */
export function emptyDemoFixture(): DemoFixture {
  const fixture: DemoFixture = {
    tokens: {},
    ids: {},
    org: { demo: 0, northwind: 0 },
    groups: {},
    app: undefined,
    call: (method, url, who, payload) => {
      if (!fixture.app) throw new Error('the demo fixture is not loaded yet');
      return injectAs(fixture.app, fixture.tokens, method, url, who, payload);
    },
  };
  return fixture;
}

/**
 * Fills `fixture` from the app of `ctx`: signs in `demoActors` and `alsoSignIn`, and looks up the
 * demo accounts, the organizations and the groups.
 */
export async function loadDemoFixture(
  ctx: TestContext,
  fixture: DemoFixture,
  alsoSignIn: readonly string[] = [],
): Promise<void> {
  const db = ctx.testDb.database.db;
  fixture.app = ctx.app;
  Object.assign(fixture.tokens, await demoTokens(ctx.app, [...demoActors, ...alsoSignIn]));
  Object.assign(fixture.ids, await demoUserIds(db));
  Object.assign(fixture.org, await demoOrganizationIds(db));
  Object.assign(fixture.groups, await groupIdsByName(db));
}

/** `app.inject` as `who` (a key of `tokens`; none: without a token), with an optional JSON body. */
export function injectAs<Who extends string>(
  app: FastifyInstance,
  tokens: Record<Who, string>,
  method: Method,
  url: string,
  who?: Who,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return injectWithToken(app, method, url, who ? tokens[who] : undefined, payload);
}

export interface DemoSession<Who extends string> {
  /** Tokens of the accounts signed in, by short name. */
  tokens: Record<Who, string>;
  org: { demo: number; northwind: number };
  /** `app.inject` as one of the accounts signed in. */
  call: Call<Who>;
}

/** Signs in `actors` on the app of `ctx` and looks up the demo organizations. */
export async function demoSession<Who extends string>(
  ctx: TestContext,
  actors: readonly Who[],
): Promise<DemoSession<Who>> {
  const tokens = await demoTokens(ctx.app, actors);
  return {
    tokens,
    org: await demoOrganizationIds(ctx.testDb.database.db),
    call: (method, url, who, payload) => injectAs(ctx.app, tokens, method, url, who, payload),
  };
}
