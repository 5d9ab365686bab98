/**
 * The home list's first request, startable by the entry before the home's code (and the contract's
 * schemas) have loaded: this module imports no schema.
 */
import { pageSizeOptions } from '@practica/contract';
import { api } from '@shared/lib/api-client';
import { startEarlyRequest } from '../lib/early-requests';

/** GET /me/assignments, fetched at the largest page size. */
export const listPath = '/me/assignments';
export const pageSize = Math.max(...pageSizeOptions);
/** The early request's key (`takeEarlyRequest`). */
export const firstPageKey = `${listPath}?page=1&pageSize=${pageSize}`;

/** Starts GET /me/assignments' first page, unvalidated; `fetchMyAssignments` takes and checks it. */
export function startMyAssignmentsEarly(): void {
  startEarlyRequest(firstPageKey, () => api.get(listPath, { query: { page: 1, pageSize } }));
}
