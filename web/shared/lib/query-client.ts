/**
 * TanStack Query client (architecture.md 'Errors'): a failed query or mutation shows one toast with the
 * server's message, or 000 §8's fallback `messages.somethingWentWrongTryLater`.
 * A query that got no answer at all shows no toast: the shell's connection banner says it.
 * A query or mutation can opt out with `meta: { silent: true }` when its screen shows the error
 * itself (e.g. the login form, which has texts of its own).
 */
import { messages } from '@practica/contract';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';
import { toast } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** The text a toast shows for a failed call. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.fromServer || error.kind !== 'http') return error.message;
  }
  return messages.somethingWentWrongTryLater;
}

function report(error: unknown, silent: boolean | undefined, from: 'query' | 'mutation'): void {
  if (silent) return;
  // A read that got no answer: the shell's connection banner says so once (decisions.md#console-flows §4) and
  // the query is fetched again when the server is back; a failed action still gets its toast.
  if (from === 'query' && isApiError(error) && error.kind === 'network') return;
  // A 401/403 already sent the user to login; one toast with the server's text is enough.
  toast.error(errorMessage(error));
}

/** Builds the app's query client; tests build their own with retries off. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => report(error, query.meta?.silent, 'query'),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => report(error, mutation.meta?.silent, 'mutation'),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.kind === 'http') return false;
          return failureCount < 1;
        },
      },
      mutations: { retry: false },
    },
  });
}
