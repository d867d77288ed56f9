// Response headers of a file download. Stored files are PDF, PNG, JPEG or XML only, but this is
// the last line: whatever the row says, only the first three may ever be shown inline (an XML
// document is saved, never rendered), and the browser is told not to guess a type (nosniff)
// nor keep a copy (no-store).
import { contentDisposition } from './names';

const INLINE_TYPES: ReadonlySet<string> = new Set(['application/pdf', 'image/png', 'image/jpeg']);
const ATTACHMENT_TYPES: ReadonlySet<string> = new Set(['application/xml']);

/**
 * Shown in a frame of the app itself (the annex PDF view): the app's pages may embed it
 * (frame-ancestors 'self'), nothing else may, and the document may load nothing.
 */
const INLINE_CSP = "default-src 'none'; img-src 'self' data: blob:; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** Saved, never rendered: no frame may hold it and, if opened anyway, it runs in a sandbox. */
const ATTACHMENT_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export function downloadHeaders(
  // Any text: this is the last line whatever the row says (see above).
  file: { nombre: string; tipo_mime: string },
  wantsInline: boolean,
): Record<string, string> {
  const inline = wantsInline && INLINE_TYPES.has(file.tipo_mime);
  return {
    // Anything unexpected is served as opaque bytes, never with a type a browser would render.
    'Content-Type': INLINE_TYPES.has(file.tipo_mime) || ATTACHMENT_TYPES.has(file.tipo_mime) ? file.tipo_mime : 'application/octet-stream',
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.nombre),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': inline ? INLINE_CSP : ATTACHMENT_CSP,
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
  };
}
