/** GET /assignments/dashboard (000 §2.5): the instructor dashboard's card figures. */
import { assignmentDashboardSchema } from '@practica/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { assignmentKeys } from '../../../lib/query-keys';

/** Fetches the dashboard figures. */
export function getAssignmentDashboard(signal?: AbortSignal) {
  return api.get('/assignments/dashboard', { schema: assignmentDashboardSchema, signal });
}

/** Query options of the dashboard figures. */
export function assignmentDashboardQueryOptions() {
  return queryOptions({
    queryKey: assignmentKeys.dashboard(),
    queryFn: ({ signal }) => getAssignmentDashboard(signal),
  });
}

/** The dashboard figures. */
export function useAssignmentDashboard() {
  return useQuery(assignmentDashboardQueryOptions());
}
