/**
 * The process's role (operations.md 'Roles'): the variable config.ts composes into `Config.role`,
 * and the one place that says what each role runs, which app.ts passes on to the plugins (no
 * plugin reads the environment):
 *
 * - `PRACTICA_ROLE=all` (the default, what `npm start` uses): HTTP and every background loop.
 * - `web`: HTTP only. Media jobs, mail and storage deletions are still queued (rows in the
 *   database); a `worker` copy on the same database runs them.
 * - `worker`: every background loop — media jobs, the mail outbox, the notification scheduler,
 *   storage deletions and the file sweep, the clean-up of unfinished uploads — and, on PORT, the
 *   probes only (`/healthz`, `/readyz`): no API, no console.
 */
import { z } from 'zod';

/** The roles a server process may take. */
export const serverRoles = ['web', 'worker', 'all'] as const;
export type ServerRole = (typeof serverRoles)[number];

/** The environment variable of the role, with its default. */
export const roleEnvShape = {
  PRACTICA_ROLE: z.enum(serverRoles, { error: 'must be web, worker or all' }).default('all'),
};

export const roleEnvSchema = z.object(roleEnvShape);

/** What a process of a role does. */
export interface RoleDuties {
  /** Serves the API, the console, the practice app and the files (`web`, `all`). */
  servesHttp: boolean;
  /** Runs the background loops: media jobs, mail, notifications, file removals, upload clean-up (`worker`, `all`). */
  runsLoops: boolean;
}

/** What a process of `role` does (see the module note). */
export function dutiesOf(role: ServerRole): RoleDuties {
  return { servesHttp: role !== 'worker', runsLoops: role !== 'web' };
}

/** Maps the parsed variable to the role. */
export function roleConfigFrom(e: z.output<typeof roleEnvSchema>): ServerRole {
  return e.PRACTICA_ROLE;
}
