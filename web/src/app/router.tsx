/**
 * The console's routes (000 §2.1, §2.2, 001 §2): public pages, the guarded /dbl prefix inside the
 * shell, and the not-found page (`messages.pageNotFound`) for anything else. Every page is loaded lazily so the sign-in page
 * stays small.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { guardedPrefix, patterns } from '@shared/config/paths';
import { setUnauthorizedHandler } from '@shared/lib/api-client';
import { guardedRoutes } from './guarded-routes';
import { RequireAuth, RequirePermission } from './route-guard';
import { PageLoader } from '@shared/components/page-loader';
import { RootErrorBoundary } from './root-error-boundary';
import { RootLayout } from './root-layout';
import { ConsoleErrorBoundary } from './shell/console-error-boundary';

/** What a route's `handle` carries: the title for the top bar and the browser tab. */
export interface RouteHandle {
  title?: string;
}

const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const relative = (path: string) => path.slice(guardedPrefix.length + 1);

/** The route tree, shared by the browser router and the tests' memory routers. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { path: patterns.home, lazy: page(() => import('./routes/landing')) },
      { path: patterns.login, lazy: page(() => import('./routes/login')) },
      { path: patterns.appRedirect, lazy: page(() => import('./routes/app-download')) },
      {
        path: patterns.inviteRegistration,
        lazy: page(() => import('./routes/invite-registration')),
      },
      { path: patterns.emailUpdate, lazy: page(() => import('./routes/email-update')) },
      { path: patterns.passwordReset, lazy: page(() => import('./routes/password-reset')) },
      {
        path: guardedPrefix,
        Component: RequireAuth,
        children: [
          // decisions.md#console-flows §15: an answer's printable scorecard, a sheet of its own without the shell.
          {
            path: relative(patterns.scorecard),
            element: <RequirePermission action="page:review" />,
            children: [{ index: true, lazy: page(() => import('./routes/scorecard')) }],
          },
          {
            lazy: page(() => import('./shell/console-layout')),
            children: [
              {
                // The pages' errors show inside the shell (decisions.md#console-flows §4). Not lazy: it must be
                // there when the network is not.
                ErrorBoundary: ConsoleErrorBoundary,
                children: [
                  { index: true, lazy: page(() => import('./routes/console-home')) },
                  ...guardedRoutes.map((r): RouteObject => ({
                    path: relative(r.path),
                    element: <RequirePermission action={r.action} />,
                    handle: { title: r.title } satisfies RouteHandle,
                    children: [
                      { index: true, lazy: page(r.page ?? (() => import('./routes/coming-soon'))) },
                    ],
                  })),
                  { path: '*', lazy: page(() => import('./routes/not-found')) },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

/** The browser router; a 401/403 answer navigates to login through it (000 §8). */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  setUnauthorizedHandler(() => {
    void router.navigate(patterns.login, { replace: true });
  });
  return router;
}
