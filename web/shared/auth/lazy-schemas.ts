/**
 * On-demand loading of the sign-in schemas (auth-schemas.ts). The login page needs them only when
 * the visitor uses a form, so they (and zod) are fetched on the form's first focus and awaited by
 * validation, instead of being part of the page's first load.
 */
import { schemaResolver, type FormErrors } from '@mantine/form';
import type * as authSchemas from './auth-schemas';

/** The module of the sign-in schemas. */
export type AuthSchemas = typeof authSchemas;

let loading: Promise<AuthSchemas> | null = null;

/** Loads the sign-in schemas once; a failed load is retried on the next call. */
export function loadAuthSchemas(): Promise<AuthSchemas> {
  loading ??= import('./auth-schemas').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts loading the schemas ahead of use (e.g. when a form gets focus). */
export function prefetchAuthSchemas(): void {
  loadAuthSchemas().catch(() => {
    // the form's validation retries and reports the failure
  });
}

/**
 * A Mantine form validator that runs the named schema once it has loaded, giving the same errors
 * as `schemaResolver(schema, { sync: true })`. When the schemas cannot be loaded, `onLoadError`
 * reports it and the submit stops.
 */
export function lazySchemaValidator(
  name: keyof AuthSchemas,
  onLoadError: (error: unknown) => void,
): (values: unknown) => Promise<FormErrors> {
  return (values) =>
    loadAuthSchemas().then(
      (schemas) => schemaResolver(schemas[name], { sync: true })(values),
      (error: unknown) => {
        onLoadError(error);
        throw error;
      },
    );
}
