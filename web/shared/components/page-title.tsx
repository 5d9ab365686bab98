/**
 * The page title (000 §2.4 'Top bar: the page title'). Routes give a default title in their
 * `handle`; a page with a title known only at run time (e.g. an assignment's name) renders
 * `<PageTitle title=… />`, which the top bar shows instead, and which also names the browser tab.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { brandName } from '../config/brand';

let override: string | null = null;
const listeners = new Set<() => void>();

function set(value: string | null): void {
  override = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => override;

/** The title a page set at run time, or null. */
export function usePageTitleOverride(): string | null {
  return useSyncExternalStore(subscribe, read, read);
}

/** Names the browser tab after the page: 'Title · Practica' (or 'Title · <brand>'). */
export function useDocumentTitle(
  title: string | null | undefined,
  brand: string = brandName,
): void {
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}

/** Sets the top bar's title for as long as the page is shown (000 §2.4). Renders nothing. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
  return null;
}
