/**
 * What the entry starts before the first render when a trainee's session opens the app: the
 * signed-in layout's code, and on the home also the home's code and its list request, all at
 * once instead of one after the other (each would otherwise wait for the one before it).
 */
import { Role } from '@practica/contract';
import { startMyAssignmentsEarly } from '../api/my-assignments-early';
import { sessionUser } from '../lib/session';
import { practicePaths } from './paths';

const ignore = () => undefined;

/**
 * Starts the loads the page at `pathname` (a full path, e.g. '/practice/') needs when a trainee
 * is signed in; does nothing otherwise. A failed load is left to the page, which loads again.
 */
export function prefetchSignedInPage(pathname: string): void {
  if (sessionUser()?.roleId !== Role.Trainee) return;
  import('./signed-in-layout').catch(ignore);
  const path = pathname.slice(practicePaths.base.length).replace(/\/+$/, '') || '/';
  if (path === practicePaths.home) {
    import('../routes/home').catch(ignore);
    startMyAssignmentsEarly();
  }
}
