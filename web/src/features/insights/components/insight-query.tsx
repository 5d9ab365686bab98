/**
 * The loading and failure states every insight view shares (decisions.md#insights-and-administration §1): a loader while its one
 * call runs, the 'could not load' alert when it failed, otherwise `children` of the answer.
 */
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { insightsText } from '../../../config/insights-text';
import { StatusLoader } from '@shared/components/page-loader';

/** Renders `children(data)` once `query` has its data; a loader or the failure alert before. */
export function InsightQuery<T>({
  query,
  children,
}: {
  query: { isLoading: boolean; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) return <StatusLoader label={insightsText.loading} />;
  if (!query.data)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
        {insightsText.loadFailed}
      </Alert>
    );
  return children(query.data);
}
