/**
 * Captures the CSV downloads of a test: the file's name (the link's `download`) and its text (the
 * Blob given to URL.createObjectURL), instead of jsdom's navigation.
 */
import { vi } from 'vitest';

export interface CapturedFile {
  name: string;
  text: () => Promise<string>;
}

/** Starts capturing; the returned list fills as downloads start. */
export function captureDownloads(): CapturedFile[] {
  const files: CapturedFile[] = [];
  let lastBlob: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        lastBlob = blob;
        return 'blob:test';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = lastBlob!;
    files.push({ name: this.download, text: () => blob.text() });
  });
  return files;
}
