/**
 * The notifications module (decisions.md#console-flows §16): the mails that tell users about assignments, reviews
 * and content, each user's settings for them, and the scheduler of reminders and digests. The app
 * registers, at the root and inside `/api`:
 *
 *   await app.register(notificationsPlugin, config.notifications);   // scheduler, app.notifications
 *   await api.register(notificationRoutes);                          // GET|PUT …/notifications
 *
 * Other modules call, in the transaction of the change that causes the mail:
 *
 *   await tellTraineesAdded(tx, publicUrl, [assignmentId], traineeIds?);   // added, or made Active
 *   await tellContentStatusChanged(tx, publicUrl, { contentId, from, to, actorId });
 *
 * `publicUrl` is the app's PUBLIC_URL (`app.config.publicUrl`): services take it in their deps
 * (`NotifyDeps`, built by the routes with `linkDeps(app)`), never from a module global.
 */

export { notificationsPlugin } from './plugin.js';
export { notificationRoutes } from './routes.js';
export { tellContentStatusChanged, tellTraineesAdded, type NotifyDeps } from './service.js';
