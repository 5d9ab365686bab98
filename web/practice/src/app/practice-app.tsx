/**
 * The practice app: the shared theme and toasts (web/shared; the toast container loads at the
 * first toast) around the browser router at `/practice`. The query client lives in the signed-in
 * layout, so the sign-in page loads no query code.
 */
import { BrowserRouter } from 'react-router';
import { ThemeProviders } from '@shared/theme/providers';
import { installPracticeSession } from '../lib/session';
import { practicePaths } from './paths';
import { PracticeRoutes } from './router';

installPracticeSession();

/** Root component rendered by main.tsx. */
export function PracticeApp() {
  return (
    <ThemeProviders notifications="on-demand">
      <BrowserRouter basename={practicePaths.base}>
        <PracticeRoutes />
      </BrowserRouter>
    </ThemeProviders>
  );
}
