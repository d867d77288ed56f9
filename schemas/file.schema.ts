import type { FromSchema } from 'json-schema-to-ts';
import { RECORD_ID_MAX, versionSchema } from './record.schema';
import { EMAIL_PATTERN } from './email.schema';

// The files service (spec section 7, Files; ARCHITECTURE.md: files live in the database,
// content-addressed by sha256, and are referred to by an opaque key only, never by a path or
// an outside URL). Entities store file KEYS (company documentos[].key, contract
// archivo_firmado, annex archivo). Schemas carry no $id (see user.schema.ts).

/** A file key: `f_` and a lower-case UUID. Anything else (a path, a URL) is not a file. */
export const FILE_KEY_PATTERN = '^f_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const fileKeyRegExp = new RegExp(FILE_KEY_PATTERN);

/** True when `value` has the shape of a file key (it may still not exist). */
export function isFileKey(value: unknown): value is string {
  return typeof value === 'string' && fileKeyRegExp.test(value);
}

export const fileKeySchema = { type: 'string', pattern: FILE_KEY_PATTERN } as const;

/** Upload cap of `once-file-updload` (the issue: 25 MB). */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;

/**
 * The only content the service stores, detected from the bytes (never from name or header).
 * XML is for the electronic invoices of the region (FEL, DTE, CFDI), which are XML documents.
 */
export const FILE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'application/xml'] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];

/** What the file picker offers (a hint only: the server checks the content). */
export const FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

/** The types an issued invoice's documents may be (docs/invoicing.md): PDF or XML. */
export const INVOICE_DOCUMENT_MIME_TYPES = ['application/pdf', 'application/xml'] as const satisfies readonly FileMimeType[];

/** What the invoice issue form's file pickers offer (a hint only, as FILE_ACCEPT). */
export const INVOICE_FILE_ACCEPT = '.pdf,.xml,application/pdf,application/xml,text/xml';

/**
 * The file-type catalogue (`GET /files/api/v1/archivos/`): the migration `file_types` inserts
 * these rows with these fixed ids (and server/files/catalogue.ts again, idempotently, for a
 * database emptied by hand), so code may refer to a type by this table.
 */
export const FILE_TYPES = [
  { id: 1, clave: 'escritura_constitucion', etiqueta_es: 'Escritura de constitución', etiqueta_en: 'Incorporation deed' },
  { id: 2, clave: 'registro_tributario', etiqueta_es: 'Registro tributario', etiqueta_en: 'Tax registration' },
  {
    id: 3,
    clave: 'nombramiento_representante',
    etiqueta_es: 'Nombramiento del representante legal',
    etiqueta_en: 'Legal representative appointment',
  },
  {
    id: 4,
    clave: 'identificacion_representante',
    etiqueta_es: 'Identificación del representante legal',
    etiqueta_en: 'Legal representative ID',
  },
  { id: 5, clave: 'contrato_firmado', etiqueta_es: 'Contrato firmado', etiqueta_en: 'Signed contract' },
  { id: 6, clave: 'anexo', etiqueta_es: 'Anexo', etiqueta_en: 'Annex' },
  { id: 7, clave: 'factura', etiqueta_es: 'Factura', etiqueta_en: 'Invoice' },
  { id: 8, clave: 'factura_energia_fisica', etiqueta_es: 'Factura de energía física', etiqueta_en: 'Physical energy invoice' },
  { id: 9, clave: 'factura_energia_flex', etiqueta_es: 'Factura de energía flexible', etiqueta_en: 'Flex energy invoice' },
  { id: 10, clave: 'estado_cuenta', etiqueta_es: 'Estado de cuenta', etiqueta_en: 'Account statement' },
  { id: 11, clave: 'otro', etiqueta_es: 'Otro', etiqueta_en: 'Other' },
] as const;
type FileTypeClave = (typeof FILE_TYPES)[number]['clave'];

/** The catalogue id of a file type clave. */
export function fileTypeId(clave: FileTypeClave): number {
  const found = FILE_TYPES.find((type) => type.clave === clave);
  if (!found) throw new Error(`unknown file type ${clave}`);
  return found.id;
}

/** One entry of the file-type catalogue. */
export const fileTypeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'clave', 'etiqueta_es', 'etiqueta_en'],
  properties: {
    id: { type: 'integer' },
    clave: { type: 'string' },
    etiqueta_es: { type: 'string' },
    etiqueta_en: { type: 'string' },
  },
} as const;
export type FileType = FromSchema<typeof fileTypeSchema>;

/**
 * The upload's optional `tipo` part (a text part of the multipart body, read by
 * server/files/upload.ts): a file type of the catalogue by its id or its `clave`, checked
 * against the catalogue (server/files/store.ts resolveFileType); empty or absent for none.
 */
export const fileUploadTypeSchema = {
  type: 'string',
  description: 'The file type: its id in the catalogue (`GET /files/api/v1/archivos/`) or its `clave`; empty or absent for none.',
  examples: ['7', 'factura'],
} as const;

/** A stored file's metadata: the answer of upload and update. */
export const storedFileSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'nombre', 'tipo_mime', 'tamano', 'sha256', 'tipo', 'version'],
  properties: {
    key: fileKeySchema,
    /** The original file name, sanitised (no path, no control characters). */
    nombre: { type: 'string' },
    tipo_mime: { type: 'string', enum: FILE_MIME_TYPES },
    /** Size in bytes. */
    tamano: { type: 'integer', minimum: 1 },
    sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
    /** The catalogue id of the file type, or null when none was given. */
    tipo: { type: ['integer', 'null'] },
    /** Goes up with every metadata update; an update must send the one it read. */
    version: { type: 'integer' },
  },
} as const;
export type StoredFile = FromSchema<typeof storedFileSchema>;

/** `POST /files/api/v1/get-file` body: `url` is a file KEY despite its spec name. */
export const fileGetBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: { url: fileKeySchema },
} as const;
export type FileGetBody = FromSchema<typeof fileGetBodySchema>;

/** `?inline=1` asks for `Content-Disposition: inline` (honoured for PDF, PNG and JPEG only, never XML). */
export const fileGetQuerySchema = {
  type: 'object',
  additionalProperties: false,
  properties: { inline: { type: 'string', enum: ['0', '1'] } },
} as const;
export type FileGetQuery = FromSchema<typeof fileGetQuerySchema>;

export const FILE_NAME_MAX_LENGTH = 200;

/** `PATCH /files/api/v1/update` body: the key, the version read and the metadata to change. */
export const fileUpdateBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['key', 'version'],
  minProperties: 3,
  properties: {
    key: fileKeySchema,
    version: versionSchema,
    nombre: { type: 'string', minLength: 1, maxLength: FILE_NAME_MAX_LENGTH, pattern: '\\S' },
    tipo: { type: ['integer', 'null'], minimum: 1, maximum: RECORD_ID_MAX },
  },
} as const;
export type FileUpdateBody = FromSchema<typeof fileUpdateBodySchema>;

/** `POST /files/api/v1/send-mail` body: attachments are file keys. */
export const fileSendMailBodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['to', 'subject', 'text'],
  properties: {
    to: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      uniqueItems: true,
      items: { type: 'string', maxLength: 254, pattern: EMAIL_PATTERN },
    },
    subject: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    text: { type: 'string', minLength: 1, maxLength: 20_000 },
    attachments: { type: 'array', maxItems: 10, uniqueItems: true, items: fileKeySchema, default: [] },
  },
} as const;
export type FileSendMailBody = FromSchema<typeof fileSendMailBodySchema>;

/** The answer of send-mail: the outbox row. */
export const sentMailSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'to', 'subject', 'attachments'],
  properties: {
    id: { type: 'integer' },
    to: { type: 'array', items: { type: 'string' } },
    subject: { type: 'string' },
    attachments: { type: 'array', items: fileKeySchema },
  },
} as const;
