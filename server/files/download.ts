// Response headers of a file download. Stored files are PDF, PNG, JPEG or XML only, but this is
// the last line: whatever the row says, only the first three may ever be shown inline (an XML
// document is saved, never rendered), and the browser is told not to guess a type (nosniff)
// nor keep a copy (no-store). Files the server writes as it answers (the Excel workbooks, the
// invoice PDF) are streamed with the same care.
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_MIME_TYPES } from '../../schemas/file.schema';
import type { DownloadAnswer } from '../openapi/answers';
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

/** What a route answering a stored file with downloadHeaders declares for the API reference (`config.answers`). */
export const STORED_FILE_ANSWER: DownloadAnswer = {
  // The type the file was stored with: the service stores only these (files_tipo_mime_valid).
  download: FILE_MIME_TYPES,
  kind: 'stored-file',
  disposition:
    '`attachment; filename="<name>"; filename*=UTF-8\'\'<name>`: the name the file was stored with, as ASCII (accents dropped) and exactly (RFC 8187); ' +
    '`inline` instead with `?inline=1` for a PDF, PNG or JPEG (never XML). With `X-Content-Type-Options: nosniff`, `Cache-Control: private, no-store` and a `Content-Security-Policy`.',
};

/**
 * Answers a download the server writes as it answers (a workbook, an invoice PDF): `write`
 * streams the file into the response. The caller reads everything first, so a failure before
 * the first byte is still an error answer; one while writing cuts the download, which the
 * browser reports as failed.
 */
export function sendGeneratedFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: { name: string; type: string },
  write: (out: Writable) => Promise<void>,
) {
  const out = new PassThrough();
  reply.headers({
    'Content-Type': file.type,
    'Content-Disposition': contentDisposition('attachment', file.name),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  write(out).catch((error: unknown) => {
    request.log.error({ err: error, file: file.name }, 'generated file failed');
    out.destroy(error as Error);
  });
  return reply.send(out);
}
