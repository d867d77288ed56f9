// Reading an upload: the one file part (`file`) of a multipart body and its optional `tipo`
// field, for the files service and the market-data import. Busboy's own failures become
// catalogue errors.
import type { FastifyRequest } from 'fastify';
import { AppErrors, isCatalogueError } from '../errors/catalogue';

/** What an upload carries to the upload use case. */
export interface Upload {
  content: Buffer;
  originalName: string;
  tipoField: string | undefined;
}

function uploadError(error: unknown, tooLarge: () => Error): Error {
  if (isCatalogueError(error)) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  // Too many files, fields or parts.
  if (statusCode === 413) return new AppErrors.requestTooLarge();
  // A truncated or malformed multipart body.
  return new AppErrors.requestMalformed();
}

/**
 * The file part named `file` (null without one) and the `tipo` field of `request`; 415 for a
 * body that is not multipart; `tooLarge` for a file beyond the size cap.
 */
export async function readMultipart(request: FastifyRequest, tooLarge: () => Error): Promise<Omit<Upload, 'content'> & { content: Buffer | null }> {
  if (!request.isMultipart()) throw new AppErrors.requestUnsupportedMediaType();
  let content: Buffer | null = null;
  let originalName = '';
  let tipoField: string | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        content = await part.toBuffer();
        originalName = part.filename;
      } else if (part.fieldname === 'tipo') {
        tipoField = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, tooLarge);
  }
  return { content, originalName, tipoField };
}

/** An upload to the files service: 413 with the files' own code beyond the cap, 400 without the file. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { content, ...rest } = await readMultipart(request, () => new AppErrors.fileTooLarge());
  if (!content) throw new AppErrors.fileMissing();
  return { content, ...rest };
}
