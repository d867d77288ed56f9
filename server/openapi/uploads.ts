// What a route reads from a multipart/form-data body, declared in `config.upload`: its file part
// (the content types the server reads it as, its size cap) and its text parts with their JSON
// Schemas. Fastify validates no multipart body against a `body` schema, so an upload route has
// none; its declaration says what it reads instead. Two readers use it: the multipart reader
// (server/files/upload.ts readMultipart), which refuses to read for a route that declares
// nothing and takes the file part's name, the text parts' names and the size cap from here, so
// the reference cannot state another cap than the one enforced; and describe-route.ts, which
// turns it into the operation's `requestBody` and its upload error answers (413, 415).
//
// The words are the same as `config.answers` (./answers.ts): content types as media types, a
// `description` in the document's English, which the app's page does not show (it words the
// part from its type, its content types and its cap).

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route reads from a multipart body, for its reader and the API reference (server/openapi/uploads.ts). */
    upload?: UploadDeclaration;
  }
}

/** The one file part of an upload. */
export interface UploadFile {
  /** The part's name in the body (`file`). */
  name: string;
  /**
   * What the server reads the file as: told from its bytes, never from its name or the part's
   * own `Content-Type` (which the document names in the part's `encoding`, the way OpenAPI does).
   */
  contentTypes: readonly [string, ...string[]];
  /** The largest file the call takes, in bytes: the multipart reader passes it to the parser as the file's cap. */
  maxBytes: number;
  /** What the file is, in the document's English. */
  description: string;
}

/** A text part: its JSON Schema (the route's own, where it already has one) and whether the call needs it. */
export interface UploadField {
  schema: Readonly<Record<string, unknown>>;
  required?: boolean;
}

export interface UploadDeclaration {
  file: UploadFile;
  /** The text parts the call reads, by name; any other part is skipped. */
  fields?: Readonly<Record<string, UploadField>>;
}

/** The media type of every upload's body. */
export const MULTIPART = 'multipart/form-data';

const MEGABYTE = 1024 * 1024;

/** A size in the document's words: `32 MB`. */
export const sizeWords = (bytes: number) => (bytes % MEGABYTE === 0 ? `${bytes / MEGABYTE} MB` : `${bytes} bytes`);

/**
 * The operation's `requestBody` (OpenAPI 3.1): one `multipart/form-data` object whose file part
 * is a string of bytes (`format: binary` for 3.0 tools; `contentMediaType` where it is of one
 * type), its cap in `x-max-bytes`, and its content types in the part's `encoding`; then the text
 * parts with their schemas (copies: the route's own schema objects are shared and stay as they are).
 */
export function uploadRequestBody({ file, fields = {} }: UploadDeclaration): Record<string, unknown> {
  const required = [file.name, ...Object.entries(fields).flatMap(([name, field]) => (field.required === true ? [name] : []))];
  const filePart = {
    type: 'string',
    format: 'binary',
    ...(file.contentTypes.length === 1 ? { contentMediaType: file.contentTypes[0] } : {}),
    description: `${file.description} At most ${sizeWords(file.maxBytes)}.`,
    'x-max-bytes': file.maxBytes,
  };
  return {
    required: true,
    content: {
      [MULTIPART]: {
        schema: {
          type: 'object',
          required,
          properties: { [file.name]: filePart, ...Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, structuredClone(field.schema)])) },
        },
        encoding: { [file.name]: { contentType: file.contentTypes.join(', ') } },
      },
    },
  };
}

/** The error answers only an upload gives, by status, with the sentence for its 400. */
export function uploadErrors(declaration: UploadDeclaration) {
  const { file } = declaration;
  return {
    400:
      `The upload is not valid: no part \`${file.name}\` (\`APP_ERR_FILE_MISSING\`), a text part outside its rules (\`APP_ERR_REQUEST_INVALID\` ` +
      'with `details[].instancePath` naming it), a malformed multipart body (`APP_ERR_REQUEST_MALFORMED`), or a file the call cannot read ' +
      "(the area's code with every problem, e.g. `APP_ERR_MARKET_DATA_INVALID`; the area's document lists them).",
    413:
      `The body is too large: a file beyond ${sizeWords(file.maxBytes)} or more parts than the call reads (\`APP_ERR_REQUEST_TOO_LARGE\`; ` +
      'the files service answers a file too large with `APP_ERR_FILE_TOO_LARGE`).',
    415:
      'The body is not `multipart/form-data` (`APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE`); the files service also refuses a file of none of ' +
      'its content types (`APP_ERR_FILE_TYPE`).',
  } as const;
}
