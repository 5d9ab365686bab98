/**
 * The practice app's routes, under the basename `/practice`: sign-in and the forgotten-password
 * request are public; home, the practice screen and the review need a trainee's session
 * (`RequireTrainee`). Every page loads lazily so the sign-in page stays small.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageLoader } from '../../../src/app/page-loader';
import { RootLayout } from '../../../src/app/root-layout';
import { practicePaths } from './paths';
import { RequireTrainee } from './require-trainee';

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/** The route tree, shared by the browser router and the tests' memory routers. */
export const practiceRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    children: [
      { path: practicePaths.signIn, lazy: page(() => import('../routes/sign-in')) },
      { path: practicePaths.forgotPassword, lazy: page(() => import('../routes/forgot-password')) },
      {
        Component: RequireTrainee,
        children: [
          { index: true, lazy: page(() => import('../routes/home')) },
          {
            path: practicePaths.practicePattern,
            lazy: page(() => import('../features/practice/practice-page')),
          },
          { path: practicePaths.reviewPattern, lazy: page(() => import('../routes/review')) },
        ],
      },
      { path: '*', lazy: page(() => import('../routes/not-found')) },
    ],
  },
];

/** The browser router of the app, at /practice. */
export function createPracticeRouter() {
  return createBrowserRouter(practiceRoutes, { basename: '/practice' });
}
