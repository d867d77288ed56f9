// Reading an upload: the one file part of a multipart body and its text parts, as the route
// declares them in `config.upload` (server/openapi/uploads.ts, which the API reference reads
// too), for every route that takes a file. Busboy's own failures become catalogue errors.
import type { FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES, FILE_MIME_TYPES, fileUploadTypeSchema } from '../../schemas/file.schema';
import { AppErrors, isCatalogueError } from '../errors/catalogue';
import type { UploadDeclaration } from '../openapi/uploads';

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

/** What a multipart body carried: the declared file part (null without one), its name, and the declared text parts sent. */
export interface MultipartBody {
  content: Buffer | null;
  originalName: string;
  fields: Partial<Record<string, string>>;
}

/**
 * The route's `config.upload`. A route that reads a multipart body without declaring it is a
 * programming error (a 500): the API reference would not show its body, and its file would have
 * no declared cap.
 */
export function uploadOf(request: FastifyRequest): UploadDeclaration {
  const declared = request.routeOptions.config.upload;
  if (declared === undefined) {
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} reads a multipart body but declares no config.upload (server/openapi/uploads.ts)`);
  }
  return declared;
}

/**
 * The declared file part of `request` (null without one) and its declared text parts, as the
 * route's `config.upload` names them; any other part is skipped. 415 for a body that is not
 * multipart; `tooLarge` for a file beyond the declared `maxBytes`, which is the parser's cap.
 */
export async function readMultipart(request: FastifyRequest, tooLarge: () => Error): Promise<MultipartBody> {
  const { file, fields: declared = {} } = uploadOf(request);
  if (!request.isMultipart()) throw new AppErrors.requestUnsupportedMediaType();
  let content: Buffer | null = null;
  let originalName = '';
  const fields: MultipartBody['fields'] = {};
  try {
    // The scope's registration limits the parts; the file's cap is the declaration's.
    for await (const part of request.parts({ limits: { fileSize: file.maxBytes } })) {
      if (part.type === 'file') {
        if (part.fieldname !== file.name) {
          part.file.resume();
          continue;
        }
        content = await part.toBuffer();
        originalName = part.filename;
      } else if (Object.hasOwn(declared, part.fieldname)) {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
      }
    }
  } catch (error) {
    throw uploadError(error, tooLarge);
  }
  return { content, originalName, fields };
}

/**
 * The files service's upload (`POST /files/api/v1/once-file-updload`): a document of one of the
 * types it stores, and its optional type of the catalogue.
 */
export const STORED_FILE_UPLOAD: UploadDeclaration = {
  file: {
    name: 'file',
    contentTypes: FILE_MIME_TYPES,
    maxBytes: FILE_MAX_BYTES,
    description: 'The document. Its type is told from its bytes (PDF, PNG, JPEG or XML), never from its name or the part\'s `Content-Type`.',
  },
  fields: { tipo: { schema: fileUploadTypeSchema } },
};

/** An upload to the files service: 413 with the files' own code beyond the cap, 400 without the file. */
export async function readUpload(request: FastifyRequest): Promise<Upload> {
  const { content, originalName, fields } = await readMultipart(request, () => new AppErrors.fileTooLarge());
  if (!content) throw new AppErrors.fileMissing();
  return { content, originalName, tipoField: fields.tipo };
}
