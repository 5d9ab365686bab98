/** The practice app: the console's providers (theme, toasts, queries) around the app's router. */
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from '../../../src/app/providers';
import { createQueryClient } from '../../../src/lib/query-client';
import { installPracticeSession } from '../lib/session';
import { createPracticeRouter } from './router';

installPracticeSession();

/** Root component rendered by main.tsx. */
export function PracticeApp() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createPracticeRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
