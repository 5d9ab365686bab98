/**
 * pino options for the server: JSON logs, request ids, and redaction of passwords, tokens and
 * authorization headers — including tokens carried in URLs (emailed links, signed uploads).
 */
import type { FastifyServerOptions } from 'fastify';
import pino from 'pino';

const urlSecrets = /((?:token|signature|sig|password)=)[^&]*/gi;
const pathTokens = /(\/(?:validate-email|reset-password|accept)\/)[^/?]+/gi;
// Invite link tokens: /invite-registration/<token> (the page) and /api/invites/<token> (its call);
// not the invite ids of /api/invites/<id>[/resend|/link] nor /api/invites/accept.
const inviteTokens = /(\/(?:invite-registration|invites)\/)(?!(?:\d+|accept)(?:[/?#]|$))[^/?#]+/gi;

// Storage keys of served and uploaded files (/files/<key>, /files/upload/<key>; not the
// /api/files/upload call itself): with a signature they read a trainee's video (files/url.ts).
const fileKeys = /(\/files\/(?:upload\/)?)(?!upload(?:[/?#]|$))[^?#]+/gi;

/** Replaces secrets in a request URL with `[redacted]`. */
export function redactUrl(url: string): string {
  return url
    .replace(urlSecrets, '$1[redacted]')
    .replace(pathTokens, '$1[redacted]')
    .replace(inviteTokens, '$1[redacted]')
    .replace(fileKeys, '$1[redacted]');
}

/**
 * Logger options for Fastify; `level` from config. `file` (LOG_FILE): JSON lines appended to that
 * file (its folder is created) instead of stdout, never pretty-printed.
 */
export function loggerOptions(
  level: string,
  pretty: boolean,
  file?: string,
): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.passwordHash',
        'password',
        'token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // The dev mail log (no SMTP_URL) lists each mail's links: their tokens stay in /dev/mailbox.
      mail(mail: { links?: unknown } | null) {
        if (!mail || typeof mail !== 'object' || !Array.isArray(mail.links)) return mail;
        return {
          ...mail,
          links: mail.links.map((l) => (typeof l === 'string' ? redactUrl(l) : l)),
        };
      },
      req(request: { id: string; method: string; url: string; ip?: string }) {
        return {
          id: request.id,
          method: request.method,
          url: redactUrl(request.url),
          ip: request.ip,
        };
      },
    },
    ...(file
      ? { stream: pino.destination({ dest: file, append: true, mkdir: true }) }
      : pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
  };
}
