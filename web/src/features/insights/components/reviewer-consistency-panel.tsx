/**
 * The reviewer consistency page's content (decisions.md#insights-and-administration §1), loaded with its charts when rendered, so
 * importing the feature's index never pulls the charts into another page's bundle.
 */
import { lazy, Suspense } from 'react';
import { insightsText } from '../../../config/insights-text';
import { StatusLoader } from '@shared/components/page-loader';

const ReviewerConsistencyView = lazy(() => import('./reviewer-consistency'));

/** The reviewer consistency of organization `organizationId`. */
export function ReviewerConsistencyPanel({ organizationId }: { organizationId: number }) {
  return (
    <Suspense fallback={<StatusLoader label={insightsText.loading} />}>
      <ReviewerConsistencyView organizationId={organizationId} />
    </Suspense>
  );
}
