/**
 * Starts the browser's download of `blob` as `fileName` (a temporary object URL on a clicked
 * link, released right after). Answers nothing; the browser shows the download.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
