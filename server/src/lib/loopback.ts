/**
 * Who can reach this server (the development mailbox answers loopback clients only): loopback
 * addresses and hosts, and the warning printed at start when a server that is not in
 * production listens beyond loopback.
 */
import type { Config } from '../config.js';
import { devMailboxAccess } from '../settings/mail.js';

/**
 * True for a loopback socket address: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address
 * (`::ffff:127.0.0.1`). Undefined (no socket) is false.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** True when a listen host (HOST) accepts loopback connections only: localhost, 127.x, ::1. */
export function isLoopbackHost(host: string): boolean {
  const plain = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return plain === 'localhost' || isLoopbackAddress(plain);
}

/**
 * The warning main.ts prints at start (and logs) when a server not in production listens beyond
 * loopback (e.g. the default HOST=0.0.0.0): what others can reach and how to close it. Null on
 * loopback or in production.
 */
export function startWarning(config: Pick<Config, 'env' | 'host' | 'port' | 'seedDemo' | 'mail'>) {
  if (config.env === 'production' || isLoopbackHost(config.host)) return null;
  const mailbox = {
    off: 'The dev mailbox is off.',
    loopback: 'The dev mailbox (every reset link) is served to this machine only.',
    everyone:
      'DEV_MAILBOX=true: the dev mailbox, with every password-reset and invite link, is open to ANYONE who reaches this server.',
  }[devMailboxAccess(false, config.mail)];
  const lines = [
    `WARNING: this ${config.env} server listens on ${config.host}:${config.port}, beyond this machine: anyone on the network can reach it.`,
    ...(config.seedDemo
      ? ['The demo accounts, with their published password, can sign in from anywhere.']
      : []),
    mailbox,
    'Set HOST=127.0.0.1 to keep it on this machine, or NODE_ENV=production to deploy it.',
  ];
  const bar = '!'.repeat(78);
  return [bar, ...lines.map((line) => `!! ${line}`), bar].join('\n');
}
