/**
 * The assignment detail's Insights tab (decisions.md#insights-and-administration §1): a light wrapper that loads the insights and
 * their charts (assignment-insights.tsx, @mantine/charts and recharts) only when rendered, so the
 * detail page's bundle does not carry them. The detail renders it only once the tab is opened.
 */
import { lazy, Suspense } from 'react';
import { insightsText } from '../../../config/insights-text';
import { StatusLoader } from '@shared/components/page-loader';

const AssignmentInsightsView = lazy(() => import('./assignment-insights'));

/** The Insights tab of assignment `assignmentId`. */
export function AssignmentInsightsTab({ assignmentId }: { assignmentId: number }) {
  return (
    <Suspense fallback={<StatusLoader label={insightsText.loading} />}>
      <AssignmentInsightsView assignmentId={assignmentId} />
    </Suspense>
  );
}
