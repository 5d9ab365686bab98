/**
 * The content module (001 §2–§7 for interviews, rating scales, feedback forms and questions). The
 * app registers `contentRoutes` inside the `/api` prefix. Other modules use:
 * - `assignableTo` (scope Assignable: an organization's own Active content plus the general Active
 *   content added to it) for assignments.
 */
import type { FastifyInstance } from 'fastify';
import { contentStatusRoutes } from './content-routes.js';
import { interviewRoutes } from './interview-routes.js';
import { questionRoutes } from './question-routes.js';
import { questionnaireRoutes } from './questionnaire-routes.js';

/** Registers every content route (each group with its own session hook). */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  await app.register(interviewRoutes);
  await app.register(questionnaireRoutes);
  await app.register(questionRoutes);
  await app.register(contentStatusRoutes);
}

export { assignableTo } from './repository.js';
