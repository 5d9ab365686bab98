/**
 * Mail delivery (decisions.md#mail): templates, configuration, the outbox worker against a real
 * SMTP receiver (smtp-server), durability across a crash or restart, two workers on one
 * database, retries with backoff, the dev log and the dev mailbox.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { MailStatus, mailOutbox } from '../src/db/schema/index.js';
import {
  accountMails,
  enqueueMail,
  escapeHtml,
  loadMailConfig,
  MailConfigError,
  mailLinks,
  retryDelayMs,
  startMailWorker,
  type MailTransport,
  type OutgoingMail,
} from '../src/modules/mail/index.js';
import { loadConfig } from '../src/config.js';
import { startWarning } from '../src/lib/loopback.js';
import { claimDueMails } from '../src/modules/mail/repository.js';
import { createTestDatabase, type TestDatabase } from './helpers/database.js';
import { startSmtpReceiver, type SmtpReceiver } from './helpers/smtp-receiver.js';
import { buildWithPlugins } from './helpers/with-plugins.js';

const publicUrl = 'http://console.test';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

function sampleMail(to: string, extra: Partial<OutgoingMail> = {}): OutgoingMail {
  return { kind: 'test', to, subject: `Hello ${to}`, text: `Hi ${to}`, ...extra };
}

async function rowOf(db: Db, id: number) {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

/** Seconds from the database's now() to the row's next attempt. */
async function secondsUntilNextAttempt(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({
      s: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())`.mapWith(Number),
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row!.s;
}

async function makeDue(db: Db, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.id, id));
}

describe('templates', () => {
  it('builds the console links from PUBLIC_URL and the token', () => {
    expect(mailLinks.passwordReset(publicUrl, 'abc')).toBe(`${publicUrl}/password-reset?token=abc`);
    expect(mailLinks.emailUpdate(publicUrl, 'a+b/c')).toBe(
      `${publicUrl}/email-update?token=a%2Bb%2Fc`,
    );
    expect(mailLinks.invite(publicUrl, 42)).toBe(`${publicUrl}/invite-registration/42`);
  });

  it('puts the link in the text and the HTML of the password reset and email change mails', () => {
    const link = mailLinks.passwordReset(publicUrl, 'tok123');
    for (const mail of [
      accountMails.passwordReset({ to: 'a@x.test', firstName: 'Ann', link }),
      accountMails.emailChange({ to: 'new@x.test', firstName: 'Ann', link }),
      accountMails.adminWelcome({ to: 'a@x.test', firstName: 'Ann', link }),
      accountMails.invite({ to: 'a@x.test', firstName: 'Ann', link, organizationName: 'Org' }),
    ]) {
      expect(mail.text).toContain(link);
      expect(mail.text).toContain('Hello Ann,');
      expect(mail.html).toContain(`href="${link}"`);
      expect(mail.subject.length).toBeGreaterThan(5);
    }
    expect(accountMails.passwordReset({ to: 'a@x.test', link }).kind).toBe('password-reset');
  });

  it('sends the old address a notice without any link', () => {
    const mail = accountMails.emailChangeNotice({
      to: 'old@x.test',
      firstName: 'Ann',
      newEmail: 'new@x.test',
    });
    expect(mail.kind).toBe('email-change-notice');
    expect(mail.text).toContain('new@x.test');
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.html).not.toContain('href=');
  });

  it('escapes interpolated values in the HTML', () => {
    const mail = accountMails.emailChangeNotice({
      to: 'old@x.test',
      firstName: '<script>alert(1)</script>',
      newEmail: '"><img src=x onerror=alert(1)>@x.test',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(escapeHtml(`a&b<c>"d'`)).toBe('a&amp;b&lt;c&gt;&quot;d&#39;');
    const linked = accountMails.passwordReset({ to: 'a@x.test', link: 'http://x.test/?a=1&b="2"' });
    expect(linked.html).toContain('href="http://x.test/?a=1&amp;b=&quot;2&quot;"');
  });
});

describe('configuration', () => {
  it('has defaults for every variable', () => {
    expect(loadMailConfig({})).toEqual({
      smtpUrl: undefined,
      from: 'Practica <no-reply@practica.local>',
      pollMs: 5000,
      batchSize: 20,
      maxAttempts: 8,
    });
    expect(loadMailConfig({ SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('reads the variables and refuses bad ones without echoing the URL', () => {
    expect(
      loadMailConfig({
        SMTP_URL: 'smtps://u:p@mail.test:465',
        MAIL_FROM: 'X <x@x.test>',
        MAIL_POLL_MS: '250',
      }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.test:465', from: 'X <x@x.test>', pollMs: 250 });
    expect(() => loadMailConfig({ SMTP_URL: 'http://secret@mail.test' })).toThrow(MailConfigError);
    try {
      loadMailConfig({ SMTP_URL: 'http://secret@mail.test' });
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
    expect(() => loadMailConfig({ MAIL_POLL_MS: '-1' })).toThrow(MailConfigError);
  });

  it('backs off 30 s · 2^(attempts−1), at most an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('delivery through SMTP', () => {
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a queued mail to a real SMTP server and marks it Sent', async () => {
    const ctx = await buildWithPlugins({ SMTP_URL: smtp.url }, { seed: false });
    try {
      await ctx.app.mail.drain(); // the worker's first round is over
      const before = smtp.received.length;
      const link = mailLinks.passwordReset(publicUrl, 'the-token-0123456789');
      const id = await ctx.app.mail.enqueue(
        ctx.app.db,
        accountMails.passwordReset({ to: 'reset@x.test', firstName: 'Ann', link }),
      );
      expect(await ctx.app.mail.drain()).toBe(1);
      expect(smtp.received.length).toBe(before + 1);
      const got = smtp.received.at(-1)!;
      expect(got.to).toEqual(['reset@x.test']);
      expect(got.from).toBe('no-reply@practica.local');
      expect(got.subject).toBe('Reset your Practica password');
      expect(got.source).toContain(link);
      expect(got.source).toMatch(/^From: Practica <no-reply@practica\.local>/m);
      const row = await rowOf(ctx.app.db, id);
      expect(row).toMatchObject({ status: MailStatus.Sent, attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(await ctx.app.mail.drain()).toBe(0);
      expect(smtp.received.length).toBe(before + 1);
    } finally {
      await ctx.close();
    }
  });

  it('delivers only what committed: a mail enqueued in a rolled-back transaction never exists', async () => {
    const ctx = await buildWithPlugins({ SMTP_URL: smtp.url }, { seed: false });
    try {
      const before = smtp.received.length;
      await expect(
        ctx.app.db.transaction(async (tx) => {
          await ctx.app.mail.enqueue(tx, sampleMail('rolled-back@x.test'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await ctx.app.mail.drain()).toBe(0);
      expect(smtp.received.length).toBe(before);
    } finally {
      await ctx.close();
    }
  });

  it('delivers a mail queued before a crash after the restart, exactly once', async () => {
    const testDb = await createTestDatabase();
    try {
      const first = await buildWithPlugins({ SMTP_URL: smtp.url }, { testDb });
      await first.app.mail.drain(); // the worker's first round is over: nothing more runs until close
      const id = await first.app.mail.enqueue(first.app.db, sampleMail('restart@x.test'));
      await first.close(); // "crash": never drained
      expect((await rowOf(testDb.database.db, id)).status).toBe(MailStatus.Pending);
      expect(smtp.received.filter((m) => m.to.includes('restart@x.test'))).toHaveLength(0);

      const second = await buildWithPlugins({ SMTP_URL: smtp.url }, { testDb });
      try {
        await second.app.mail.drain();
        await second.app.mail.drain();
        expect(smtp.received.filter((m) => m.to.includes('restart@x.test'))).toHaveLength(1);
        expect((await rowOf(testDb.database.db, id)).status).toBe(MailStatus.Sent);
      } finally {
        await second.close();
      }
    } finally {
      await testDb.drop();
    }
  });

  it('redelivers a mail whose worker died after claiming it, once its lease ran out', async () => {
    const testDb = await createTestDatabase();
    try {
      const ctx = await buildWithPlugins({ SMTP_URL: smtp.url }, { testDb });
      try {
        await ctx.app.mail.drain();
        const id = await enqueueMail(ctx.app.db, sampleMail('lease@x.test'));
        // Another copy claims it with a short lease, then dies before sending.
        const claimed = await claimDueMails(ctx.app.db, { limit: 10, leaseMs: 300 });
        expect(claimed.map((r) => r.id)).toEqual([id]);
        expect(await ctx.app.mail.drain()).toBe(0); // leased: skipped
        await new Promise((r) => setTimeout(r, 400));
        expect(await ctx.app.mail.drain()).toBe(1);
        expect(smtp.received.filter((m) => m.to.includes('lease@x.test'))).toHaveLength(1);
        expect(await rowOf(ctx.app.db, id)).toMatchObject({ status: MailStatus.Sent, attempts: 2 });
      } finally {
        await ctx.close();
      }
    } finally {
      await testDb.drop();
    }
  });

  it('delivers each mail once with two workers on one database', async () => {
    const testDb = await createTestDatabase();
    try {
      const a = await buildWithPlugins({ SMTP_URL: smtp.url }, { testDb });
      const b = await buildWithPlugins({ SMTP_URL: smtp.url }, { testDb });
      try {
        await Promise.all([a.app.mail.drain(), b.app.mail.drain()]);
        const addresses = Array.from({ length: 30 }, (_, i) => `pair-${i}@x.test`);
        for (const to of addresses) await enqueueMail(testDb.database.db, sampleMail(to));
        const [na, nb] = await Promise.all([a.app.mail.drain(), b.app.mail.drain()]);
        expect(na + nb).toBe(30);
        for (const to of addresses) {
          expect(
            smtp.received.filter((m) => m.to.includes(to)),
            to,
          ).toHaveLength(1);
        }
        const rows = await testDb.database.db
          .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
          .from(mailOutbox);
        expect(rows.every((r) => r.status === MailStatus.Sent && r.attempts === 1)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await testDb.drop();
    }
  });

  it('retries after an SMTP failure with backoff, then delivers', async () => {
    const ctx = await buildWithPlugins({ SMTP_URL: smtp.url }, { seed: false });
    try {
      await ctx.app.mail.drain();
      smtp.rejectNext(1);
      const id = await ctx.app.mail.enqueue(ctx.app.db, sampleMail('retry@x.test'));
      expect(await ctx.app.mail.drain()).toBe(1);
      const failed = await rowOf(ctx.app.db, id);
      expect(failed).toMatchObject({ status: MailStatus.Pending, attempts: 1, sentAt: null });
      expect(failed.lastError).toMatch(/451/);
      const wait = await secondsUntilNextAttempt(ctx.app.db, id);
      expect(wait).toBeGreaterThan(25);
      expect(wait).toBeLessThanOrEqual(30);
      expect(await ctx.app.mail.drain()).toBe(0); // not due yet
      await makeDue(ctx.app.db, id);
      expect(await ctx.app.mail.drain()).toBe(1);
      expect(await rowOf(ctx.app.db, id)).toMatchObject({
        status: MailStatus.Sent,
        attempts: 2,
        lastError: null,
      });
      expect(smtp.received.filter((m) => m.to.includes('retry@x.test'))).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  it('retries when the SMTP server is unreachable, backing off further each time', async () => {
    const ctx = await buildWithPlugins({ SMTP_URL: 'smtp://127.0.0.1:1' }, { seed: false });
    try {
      await ctx.app.mail.drain();
      const id = await ctx.app.mail.enqueue(ctx.app.db, sampleMail('down@x.test'));
      await ctx.app.mail.drain();
      expect((await rowOf(ctx.app.db, id)).lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await secondsUntilNextAttempt(ctx.app.db, id)).toBeGreaterThan(25);
      await makeDue(ctx.app.db, id);
      await ctx.app.mail.drain();
      expect(await rowOf(ctx.app.db, id)).toMatchObject({
        status: MailStatus.Pending,
        attempts: 2,
      });
      expect(await secondsUntilNextAttempt(ctx.app.db, id)).toBeGreaterThan(55);
    } finally {
      await ctx.close();
    }
  });
});

describe('worker', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.drop();
  });

  it('marks a mail Failed after the last attempt, keeping the error', async () => {
    const db = testDb.database.db;
    const failing: MailTransport = {
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close: () => {},
    };
    const worker = startMailWorker({
      db,
      transport: failing,
      log: silent,
      pollMs: 3_600_000,
      from: 'x@x.test',
      maxAttempts: 3,
    });
    try {
      const id = await enqueueMail(db, sampleMail('never@x.test'));
      for (let i = 0; i < 3; i++) {
        await makeDue(db, id);
        await worker.drain();
      }
      expect(await rowOf(db, id)).toMatchObject({
        status: MailStatus.Failed,
        attempts: 3,
        lastError: '550 mailbox unavailable',
      });
      await makeDue(db, id);
      expect(await worker.drain()).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('without SMTP logs each new mail once, with its links outside production only, and sends nothing', async () => {
    const db = testDb.database.db;
    const entries: { obj: { mail?: { to: string; links?: string[] } }; msg: string }[] = [];
    const log = {
      info: (obj: object, msg: string) => entries.push({ obj, msg }),
      warn: (obj: object, msg: string) => entries.push({ obj, msg }),
      error: () => {},
    };
    const dev = startMailWorker({
      db,
      transport: null,
      log,
      pollMs: 3_600_000,
      from: 'x',
      logLinks: true,
    });
    try {
      await dev.drain(); // first look: remembers where the outbox ends
      const link = mailLinks.passwordReset(publicUrl, 'dev-token');
      const id = await enqueueMail(db, accountMails.passwordReset({ to: 'dev@x.test', link }));
      await dev.drain();
      await dev.drain();
      const logged = entries.filter((e) => e.obj.mail?.to === 'dev@x.test');
      expect(logged).toHaveLength(1);
      expect(logged[0]!.obj.mail!.links).toEqual([link]);
      expect(await rowOf(db, id)).toMatchObject({ status: MailStatus.Pending, attempts: 0 });
    } finally {
      await dev.stop();
    }

    const prodEntries: typeof entries = [];
    const prod = startMailWorker({
      db,
      transport: null,
      log: {
        ...log,
        info: (obj, msg) => prodEntries.push({ obj, msg }),
        warn: (obj, msg) => prodEntries.push({ obj, msg }),
      },
      pollMs: 3_600_000,
      from: 'x',
      logLinks: false,
    });
    try {
      await prod.drain();
      await enqueueMail(
        db,
        accountMails.passwordReset({
          to: 'prod@x.test',
          link: mailLinks.passwordReset(publicUrl, 'secret-token'),
        }),
      );
      await prod.drain();
      const logged = prodEntries.filter((e) => e.obj.mail?.to === 'prod@x.test');
      expect(logged).toHaveLength(1);
      expect(JSON.stringify(logged[0])).not.toContain('secret-token');
    } finally {
      await prod.stop();
    }
  });
});

describe('dev mailbox', () => {
  it('lists the outbox newest first as HTML and JSON, with clickable links and escaped text', async () => {
    const ctx = await buildWithPlugins({}, { seed: false });
    try {
      const link = mailLinks.emailUpdate(publicUrl, 'mailbox-token');
      await ctx.app.mail.enqueue(
        ctx.app.db,
        sampleMail('first@x.test', { subject: '<b>first</b>' }),
      );
      await ctx.app.mail.enqueue(
        ctx.app.db,
        accountMails.emailChange({ to: 'second@x.test', firstName: 'Bo', link }),
      );
      expect(await ctx.app.mail.drain()).toBe(0); // no SMTP_URL: nothing is sent

      const html = await ctx.app.inject({ url: '/dev/mailbox' });
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toMatch(/^text\/html/);
      expect(html.headers['cache-control']).toBe('no-store');
      expect(html.body).toContain(`<a href="${link}">${link}</a>`);
      expect(html.body).toContain('&lt;b&gt;first&lt;/b&gt;');
      expect(html.body).not.toContain('<b>first</b>');
      expect(html.body.indexOf('second@x.test')).toBeLessThan(html.body.indexOf('first@x.test'));

      const json = await ctx.app.inject({ url: '/dev/mailbox.json' });
      expect(json.statusCode).toBe(200);
      const data = json.json().data as {
        list: { to: string; links: string[]; status: string; subject: string }[];
        count: number;
      };
      expect(data.count).toBe(2);
      expect(data.list.map((m) => m.to)).toEqual(['second@x.test', 'first@x.test']);
      expect(data.list[0]).toMatchObject({
        status: 'Pending',
        links: [link],
        subject: 'Confirm your new Practica email address',
      });

      const filtered = await ctx.app.inject({ url: '/dev/mailbox.json?to=FIRST@x.test' });
      expect(filtered.json().data.list.map((m: { to: string }) => m.to)).toEqual(['first@x.test']);
    } finally {
      await ctx.close();
    }
  });

  it('is served to loopback clients only, by the socket address whatever X-Forwarded-For says (decisions.md#hardening)', async () => {
    const ctx = await buildWithPlugins({ TRUST_PROXY: 'true' }, { seed: false });
    try {
      await ctx.app.mail.enqueue(ctx.app.db, sampleMail('reset@x.test'));
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await ctx.app.inject({ url: '/dev/mailbox.json', remoteAddress });
        expect(res.statusCode, remoteAddress).toBe(200);
        expect(res.json().data.count).toBe(1);
      }
      for (const remoteAddress of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1'])
        for (const url of [
          '/dev/mailbox',
          '/dev/mailbox.json',
          '/dev/mailbox.json?to=reset@x.test',
        ]) {
          const res = await ctx.app.inject({
            url,
            remoteAddress,
            headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
          });
          expect(res.statusCode, `${remoteAddress} ${url}`).toBe(404);
          expect(res.body).not.toContain('reset@x.test');
        }
    } finally {
      await ctx.close();
    }
  });

  it('DEV_MAILBOX=true opens it to every client, DEV_MAILBOX=false closes it (decisions.md#hardening)', async () => {
    const open = await buildWithPlugins({ DEV_MAILBOX: 'true' }, { seed: false });
    try {
      const res = await open.app.inject({ url: '/dev/mailbox.json', remoteAddress: '10.0.0.5' });
      expect(res.statusCode).toBe(200);
    } finally {
      await open.close();
    }
    const closed = await buildWithPlugins({ DEV_MAILBOX: 'false' }, { seed: false });
    try {
      expect((await closed.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('does not exist when SMTP_URL is set, even for loopback with DEV_MAILBOX=true (decisions.md#hardening)', async () => {
    const ctx = await buildWithPlugins(
      { SMTP_URL: 'smtp://127.0.0.1:9', DEV_MAILBOX: 'true' },
      { seed: false },
    );
    try {
      expect((await ctx.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('does not exist in production', async () => {
    const ctx = await buildWithPlugins({ NODE_ENV: 'production' }, { seed: false });
    try {
      expect((await ctx.app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
      expect((await ctx.app.inject({ url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});

describe('the start warning of a server reachable beyond loopback (decisions.md#hardening)', () => {
  const config = (env: Partial<Record<string, string>>) =>
    loadConfig({ DATA_DIR: 'memory://', JWT_SECRET: 'x'.repeat(32), ...env });

  it('is printed when a non-production server listens beyond loopback', () => {
    for (const env of [{}, { HOST: '0.0.0.0' }, { HOST: '::' }, { HOST: '192.168.1.4' }]) {
      const text = startWarning(config(env));
      expect(text, JSON.stringify(env)).toMatch(/WARNING/);
      expect(text).toContain(config(env).host);
    }
    expect(startWarning(config({ DEV_MAILBOX: 'true' }))).toMatch(/DEV_MAILBOX=true/);
  });

  it('is not printed on loopback or in production', () => {
    for (const env of [
      { HOST: '127.0.0.1' },
      { HOST: 'localhost' },
      { HOST: '::1' },
      { HOST: '0.0.0.0', NODE_ENV: 'production' },
    ])
      expect(startWarning(config(env)), JSON.stringify(env)).toBeNull();
  });
});
