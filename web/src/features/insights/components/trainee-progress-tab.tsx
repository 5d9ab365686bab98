/**
 * The Progress tab of a trainee's user detail (decisions.md#insights-and-administration §1): loads the progress view and its
 * charts only when the tab is opened (the user detail renders the active tab only).
 */
import { Role, type User } from '@practica/contract';
import { lazy, Suspense } from 'react';
import { insightsText } from '../../../config/insights-text';
import { StatusLoader } from '@shared/components/page-loader';

const TraineeProgressView = lazy(() => import('./trainee-progress'));

/** The Progress tab of `user`. */
export function TraineeProgressTab({ user }: { user: User }) {
  return (
    <Suspense fallback={<StatusLoader label={insightsText.loading} />}>
      <TraineeProgressView userId={user.id} />
    </Suspense>
  );
}

/** Whether `user` has a Progress tab: trainees only. */
export function hasTraineeProgress(user: Pick<User, 'roleId'>): boolean {
  return user.roleId === Role.Trainee;
}
