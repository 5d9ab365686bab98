/** The console: Mantine's whole stylesheet and the console's global rules, providers and the router. */
import '@mantine/core/styles.css';
import '@shared/theme/global.css';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createQueryClient } from '@shared/lib/query-client';
import { AppProviders } from '@shared/theme/providers';
import { createAppRouter } from './router';

/** Root component rendered by main.tsx. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
