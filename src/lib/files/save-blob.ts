import { parse as parseContentDisposition } from 'content-disposition';

/** The browser's side of a download: the name the server gave a file, and handing its bytes to the user's disk. */

/** The file name a Content-Disposition header gives (`filename*` first, as the server writes it). */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  try {
    // A `filename*` that does not decode is dropped by the parser: the plain name still serves.
    return parseContentDisposition(header).parameters.filename ?? null;
  } catch {
    return null;
  }
}

/** Hands bytes to the browser's download under a name. */
export function saveBlob(data: Blob, name: string): void {
  const url = URL.createObjectURL(data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the browser's download; the URL is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
