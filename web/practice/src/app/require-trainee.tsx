/**
 * The guard of the signed-in pages: without a session it sends to the sign-in page with the
 * return path (and, after a 401, the session-ended notice there); a staff member's session gets
 * the notice that the app is for trainees; a trainee gets the signed-in layout. The notice and the
 * layout load lazily: the guard is part of the first load of every page.
 */
import { Role } from '@practica/contract';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '@shared/components/page-loader';
import { useSession } from '../lib/session';
import { practicePaths } from './paths';

const SignedInLayout = lazy(() => import('./signed-in-layout'));
const StaffNotice = lazy(() => import('./staff-notice'));

/** Renders the nested route inside the signed-in layout when a trainee is signed in. */
export function RequireTrainee() {
  const { user } = useSession();
  const location = useLocation();
  if (!user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={practicePaths.signInReturningTo(next)} replace />;
  }
  return (
    <Suspense fallback={<PageLoader />}>
      {user.roleId === Role.Trainee ? <SignedInLayout /> : <StaffNotice user={user} />}
    </Suspense>
  );
}
