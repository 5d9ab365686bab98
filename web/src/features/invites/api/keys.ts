/**
 * Query keys of the invite calls (000 §7, invites). An organization's invites live under the
 * organization's key, so refreshing the organization (seat usage, invite counts) refreshes them.
 */
import type { PageSize } from '@practica/contract';

export const inviteKeys = {
  ofOrganization: (organizationId: number, page: number, pageSize: PageSize) =>
    ['organizations', organizationId, 'invites', { page, pageSize }] as const,
  organization: (organizationId: number) => ['organizations', organizationId] as const,
  public: (token: string) => ['invites', 'public', token] as const,
};
