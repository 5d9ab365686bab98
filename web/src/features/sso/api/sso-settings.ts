/**
 * The single sign-on settings calls (decisions.md#single-sign-on §1): GET, PUT and the connection
 * test of /organizations/{id}/sso. The client secret is sent, never received.
 */
import {
  ssoSettingsAnswerSchema,
  ssoTestAnswerSchema,
  type SsoSettingsAnswer,
  type SsoSettingsBody,
  type SsoTestAnswer,
} from '@practica/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@shared/lib/api-client';
import { organizationKeys } from '../../../lib/query-keys';

const keyOf = (organizationId: number) =>
  [...organizationKeys.detail(organizationId), 'sso'] as const;

/** The organization's settings (or null) and the redirect URI. */
export function useSsoSettings(organizationId: number) {
  return useQuery({
    queryKey: keyOf(organizationId),
    queryFn: ({ signal }): Promise<SsoSettingsAnswer> =>
      api.get(`/organizations/${organizationId}/sso`, { schema: ssoSettingsAnswerSchema, signal }),
  });
}

/** Saves the settings; refreshes them. */
export function useSaveSsoSettings(organizationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSettingsBody): Promise<SsoSettingsAnswer> =>
      api.put(`/organizations/${organizationId}/sso`, { body, schema: ssoSettingsAnswerSchema }),
    meta: { silent: true },
    onSuccess: (answer) => client.setQueryData(keyOf(organizationId), answer),
  });
}

/** Fetches the discovery document of `issuer` through the server. */
export function useTestSsoConnection(organizationId: number) {
  return useMutation({
    mutationFn: (issuer: string): Promise<SsoTestAnswer> =>
      api.post(`/organizations/${organizationId}/sso/test`, {
        body: { issuer },
        schema: ssoTestAnswerSchema,
      }),
    meta: { silent: true },
  });
}
