/**
 * decisions.md#reliability-and-security 'Access': two organizations seeded with canary strings in every text field (world.ts).
 * - No answer to one organization's actors — reads, the report export, errors — carries the other
 *   organization's canaries, ids or file keys (both directions).
 * - A write the table refuses changes no row (every table's fingerprint), sends no mail (the
 *   outbox is a table) and stores no file; every write the table allows succeeds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  Actors,
  actorNames,
  expectedCells,
  methodOf,
  parseExpect,
  realActors,
  rows,
  runCell,
  type ActorName,
  type Row,
  type TargetName,
} from './access-table.js';
import {
  buildWorld,
  canaries,
  idPattern,
  listFiles,
  rowsOf,
  snapshot,
  textColumns,
  type OrgKey,
  type World,
} from './world.js';
import { sql } from 'drizzle-orm';
import { unlessWritten } from '../helpers/unless-written.js';

let w: World;
/** Every table's fingerprint (`snapshot`), taken again only after a write. */
let fingerprints: () => Promise<Record<string, string>>;
const actorsOf = {} as Record<OrgKey, Actors>;
let readsChecked = 0;
let writesChecked = 0;

beforeAll(async () => {
  w = await buildWorld();
  fingerprints = unlessWritten(w.db, () => snapshot(w.db));
  actorsOf.a = await new Actors(w, 'a').init();
  actorsOf.b = await new Actors(w, 'b').init();
}, 240_000);

afterAll(async () => {
  console.log(
    `canaries: ${readsChecked} answers checked for foreign canaries, ids and file keys; ${writesChecked} write cells checked`,
  );
  await w?.close();
});

const title = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route);

/** Everything of `key` an answer to the other organization must not show. */
function secretsOf(key: OrgKey): { canary: string; ids: RegExp; keys: string[] } {
  return { canary: canaries[key], ids: idPattern(key), keys: w.orgs[key].storageKeys };
}

/**
 * What of `secrets` the answer shows (body and headers). The metrics (Prometheus' text) are
 * measurements labelled by route pattern, never by id, and a byte count there can look like an id
 * (a heap space of 4,208,632 bytes matched B's ids once): only canaries and file keys are looked
 * for in them.
 */
function leaks(
  res: LightMyRequestResponse,
  secrets: ReturnType<typeof secretsOf>,
  row: Row,
): string[] {
  const text = `${JSON.stringify(res.headers)}\n${res.body}`;
  const found: string[] = [];
  if (text.toLowerCase().includes(secrets.canary)) found.push(`canary ${secrets.canary}`);
  const ids = row.route === 'GET /metrics' ? null : text.match(secrets.ids);
  if (ids) found.push(`ids ${[...new Set(ids)].join(', ')}`);
  for (const key of secrets.keys) if (text.includes(key)) found.push(`file key ${key}`);
  return found;
}

/**
 * Cells whose answer legitimately carries the other organization's data: the dev mailbox (every
 * mail; never registered in production: server/test/mail.test.ts) and, on the 'other' target, public routes
 * whose capability (a link token, a file key, a signed URL, a password) the caller was handed.
 */
function exempt(row: Row, target: TargetName): boolean {
  if (row.route.startsWith('GET /dev/mailbox')) return true;
  if (target !== 'other') return false;
  const anonymous = parseExpect(row.expect[target]!)[0];
  return anonymous !== null && anonymous !== undefined && anonymous < 400;
}

/**
 * The actors of an organization: its people and, for A, the bad tokens (the admin belongs to no
 * organization and sees both). B's direction checks its people only: a refused session sees
 * nothing, whose organization it is.
 */
const organizationActors = (home: OrgKey): readonly ActorName[] =>
  actorNames.filter((a) => a !== 'admin' && (home === 'a' || realActors.includes(a as never)));

describe('the seed', () => {
  it('puts a canary of B in every text column', async () => {
    /** Columns that hold no user-given text: hashes, server-made keys, fixed values, machine fields. */
    const exempted = new Set([
      'users.password_hash',
      'invite_links.token_hash',
      'user_tokens.token_hash',
      'files.storage_key',
      'files.upload_key',
      'files.extension',
      'files.content_type',
      'contents.language',
      'mail_outbox.kind',
      'mail_outbox.last_error',
      'media_jobs.last_error',
      'storage_deletions.storage_key',
      'storage_deletions.last_error',
      'attempt_hits.scope',
      'attempt_hits.key_hash',
      // The audit log's kind of change and its before/after values: ids and statuses only.
      'audit_events.action',
      'audit_events.before',
      'audit_events.after',
      // Notification kinds and the server-made subjects of sent notifications ('assignment:42', a date).
      'notification_opt_outs.kind',
      'notifications_sent.kind',
      'notifications_sent.subject_key',
      // Server-made: token hashes and display prefixes, sealed secrets, request-limit and upload-lock
      // keys, webhook event names, ids, errors and payloads (ids and times only).
      'api_tokens.prefix',
      'api_tokens.token_hash',
      'organization_sso.client_secret_encrypted',
      // Fixed values: the single sign-on protocol, a SAML id's kind ('request', 'assertion').
      'organization_sso.protocol',
      'saml_message_ids.kind',
      'rate_limit_counters.key_hash',
      'rate_limit_counters.route',
      'upload_locks.holder',
      'upload_locks.upload_id',
      'webhook_deliveries.event',
      'webhook_deliveries.event_id',
      'webhook_deliveries.last_error',
      'webhook_deliveries.payload',
      'webhook_endpoints.secret_encrypted',
    ]);
    const without: string[] = [];
    for (const { table, column } of await textColumns(w.db)) {
      if (exempted.has(`${table}.${column}`)) continue;
      const [row] = rowsOf<{ n: number }>(
        await w.db.execute(
          sql.raw(
            `select count(*)::int as n from "${table}" where lower("${column}"::text) like '%${canaries.b}%'`,
          ),
        ),
      );
      if (!row || row.n === 0) without.push(`${table}.${column}`);
    }
    expect(without).toEqual([]);
  });

  it('gives B ids of its own range and B files of its own keys', () => {
    expect(w.orgs.b.organizationId).toBeGreaterThanOrEqual(4_200_000);
    expect(w.orgs.b.storageKeys.length).toBeGreaterThanOrEqual(4);
  });
});

describe("reads: one organization's actors never see the other's canaries, ids or file keys", () => {
  const reads = rows.filter((r) => methodOf(r) === 'GET');
  for (const row of reads) {
    it(
      title(row),
      async () => {
        const found: string[] = [];
        for (const home of ['a', 'b'] as const) {
          const secrets = secretsOf(home === 'a' ? 'b' : 'a');
          for (const { target, actor, want } of expectedCells(row)) {
            if (exempt(row, target) || !organizationActors(home).includes(actor)) continue;
            const out = await runCell(w, actorsOf[home], row, target, actor, {
              unauthenticated: want === 401,
            });
            readsChecked++;
            for (const leak of leaks(out.res, secrets, row))
              found.push(`${home.toUpperCase()} ${actor} ${target} ${out.url}: ${leak}`);
          }
        }
        expect(found).toEqual([]);
      },
      120_000,
    );
  }
});

describe('writes by A: refused ones change nothing, allowed ones succeed, no answer shows B', () => {
  const writes = rows.filter((r) => methodOf(r) !== 'GET');
  for (const row of writes) {
    it(
      title(row),
      async () => {
        const problems: string[] = [];
        const secrets = secretsOf('b');
        for (const { target, actor, want } of expectedCells(row)) {
          const refused = want >= 400;
          let before: Record<string, string> = {};
          let filesBefore: string[] = [];
          const out = await runCell(w, actorsOf.a, row, target, actor, {
            unauthenticated: want === 401,
            // After the rows the request needed were made, right before it is sent.
            beforeSend: async () => {
              if (!refused) return;
              before = await fingerprints();
              filesBefore = await listFiles(w.storageRoot);
            },
          });
          writesChecked++;
          const cell = `${target} × ${actor} ${out.url}`;
          if (refused) {
            if (out.status < 400) problems.push(`${cell}: refused write answered ${out.status}`);
            const after = await fingerprints();
            const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
            if (changed.length > 0)
              problems.push(`${cell}: refused write changed ${changed.join(', ')}`);
            const filesAfter = await listFiles(w.storageRoot);
            if (filesAfter.join('\n') !== filesBefore.join('\n'))
              problems.push(`${cell}: refused write stored a file`);
          } else if (out.status !== want) {
            problems.push(
              `${cell}: allowed write answered ${out.status} ${out.res.body.slice(0, 200)}`,
            );
          }
          if (actor !== 'admin' && !exempt(row, target))
            for (const leak of leaks(out.res, secrets, row))
              problems.push(`${cell}: shows ${leak}`);
        }
        expect(problems).toEqual([]);
      },
      120_000,
    );
  }
});
