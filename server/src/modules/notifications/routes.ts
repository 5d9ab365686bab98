/**
 * Each user's notification settings (decisions.md#console-flows §16), beside the other self-service calls:
 *
 *     GET|PUT /users/me/notifications   staff (the console's Settings); trainees 403
 *     GET|PUT /me/notifications         trainees (the practice app's Settings); staff 403
 *
 * Every call needs a session. The PUT checks who calls in a preValidation hook, before its body.
 */
import type { FastifyInstance } from 'fastify';
import {
  envelopeSchema,
  messages,
  notificationSettingsBodySchema,
  notificationSettingsSchema,
} from '@practica/contract';
import { ok } from '../../lib/envelope.js';
import { actorOf, secured, zodApp } from '../../lib/route-kit.js';
import * as service from './service.js';

const reply = { 200: envelopeSchema(notificationSettingsSchema) };

/** Registers the settings routes (inside the `/api` prefix). */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', app.authenticate);
  const r = zodApp(app);

  const audiences = [
    { url: '/users/me/notifications', audience: 'staff', tags: ['users'], who: 'Staff only' },
    { url: '/me/notifications', audience: 'trainee', tags: ['mobile'], who: 'Trainees only' },
  ] as const;

  for (const { url, audience, tags, who } of audiences) {
    const securedIn = secured(...tags);
    r.get(
      url,
      {
        schema: {
          ...securedIn,
          summary:
            'My notification mails: every kind my role receives ({kind, enabled}); all are on until turned off. ' +
            `${who} (403 otherwise)`,
          response: reply,
        },
      },
      async (request) => ok(await service.getSettingsFor(app.db, actorOf(request), audience)),
    );

    r.put(
      url,
      {
        schema: {
          ...securedIn,
          summary:
            'Turn my notification mails on or off: body {settings: [{kind, enabled}]} names the kinds to change ' +
            '(others are kept); a kind my role does not receive is 400. Answers every kind as GET. ' +
            `${who} (403 otherwise, before the body is read)`,
          body: notificationSettingsBodySchema,
          response: reply,
        },
        preValidation: async (request) => service.authorizeSettings(actorOf(request), audience),
      },
      async (request) =>
        ok(
          await service.saveSettingsFor(app.db, actorOf(request), audience, request.body),
          messages.notificationSettingsSaved,
        ),
    );
  }
}
