/**
 * The inbox's filters as they live in the URL's search params (decisions.md#review-loop §1): `assignmentId`,
 * `groupId`, `search`, `claim` (mine | unclaimed) and, for an Admin, `organizationId`. The inbox
 * page and the review screen share them: a row opens `/dbl/reviews/{id}?<the same filters>`, and the
 * review screen's "Back to inbox" and neighbors keep them.
 */
import { searchMinLength, type ReviewInboxClaim } from '@practica/contract';

export interface InboxFilters {
  assignmentId?: number | undefined;
  groupId?: number | undefined;
  search?: string | undefined;
  claim?: ReviewInboxClaim | undefined;
  organizationId?: number | undefined;
}

/** The search param names, in the order they are written. */
export const inboxParamNames = [
  'assignmentId',
  'groupId',
  'search',
  'claim',
  'organizationId',
] as const;

const id = (text: string | null): number | undefined => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The filters of `params`; an invalid value is left out. */
export function inboxFiltersFrom(params: URLSearchParams): InboxFilters {
  const claim = params.get('claim');
  const search = params.get('search')?.trim();
  return {
    assignmentId: id(params.get('assignmentId')),
    groupId: id(params.get('groupId')),
    search: search || undefined,
    claim: claim === 'mine' || claim === 'unclaimed' ? claim : undefined,
    organizationId: id(params.get('organizationId')),
  };
}

/** `filters` as a search string without '?' ('' when none is set). */
export function inboxSearchOf(filters: InboxFilters): string {
  const params = new URLSearchParams();
  for (const name of inboxParamNames) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

/**
 * The filters as the API takes them: a search shorter than the minimum (3 characters) is not sent
 * (the server would refuse it) — the box waits for more letters.
 */
export function inboxQueryOf(filters: InboxFilters): InboxFilters {
  const search =
    filters.search && filters.search.length >= searchMinLength ? filters.search : undefined;
  return { ...filters, search };
}

/** Whether any filter but the organization is set. */
export function hasInboxFilter(filters: InboxFilters): boolean {
  return (
    filters.assignmentId !== undefined ||
    filters.groupId !== undefined ||
    filters.search !== undefined ||
    filters.claim !== undefined
  );
}
