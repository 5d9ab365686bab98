/**
 * POST /invites/batch (decisions.md#insights-and-administration §2): the CSV import's one call. With `dryRun` it answers what
 * sending would do per row (create / resend / skip) and the trainee seats needed against those
 * free, writing nothing (the preview); without it the batch is sent all-or-nothing — a batch whose
 * trainee rows need more seats than are free answers 409 with `format.importSeatsExceeded`.
 */
import {
  inviteBatchResultSchema,
  type InviteBatchBody,
  type InviteBatchResult,
} from '@practica/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

/** Sends (or, with `dryRun`, checks) a batch of invites; returns the per-row result and counts. */
export function sendInviteBatch(
  body: InviteBatchBody,
  signal?: AbortSignal,
): Promise<InviteBatchResult> {
  return api.post('/invites/batch', { body, schema: inviteBatchResultSchema, signal });
}

/** A dry run's answer with the preview's row keys in the order of the body's rows. */
export interface InviteBatchCheck {
  keys: number[];
  result: InviteBatchResult;
}

/**
 * The preview's dry run of `entries` (the file's rows without errors, each with its preview key);
 * `version` changes whenever the rows do (a new file, a row removed), so the check is asked again.
 * Not filed under the organization: the refresh after sending must not check the sent rows again
 * (the dialog asks with `refetch` after a refusal). While a new check runs the previous one stays
 * (`isPlaceholderData`), its rows found by key.
 */
export function useInviteBatchDryRun(
  organizationId: number,
  entries: readonly { key: number; body: InviteBatchBody['rows'][number] }[],
  version: string,
) {
  return useQuery({
    queryKey: ['invite-batch-dry-run', organizationId, version],
    queryFn: async ({ signal }): Promise<InviteBatchCheck> => ({
      keys: entries.map((e) => e.key),
      result: await sendInviteBatch(
        { organizationId, dryRun: true, rows: entries.map((e) => e.body) },
        signal,
      ),
    }),
    enabled: entries.length > 0,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Sends a batch; refreshes the organization (its invites list, seat usage) once it is sent, without
 * waiting for that refresh (the result shows at once).
 */
export function useSendInviteBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBatchBody) => sendInviteBatch(body),
    onSettled: (_result, _error, body) => {
      void client.invalidateQueries({ queryKey: organizationKeys.detail(body.organizationId) });
    },
  });
}
