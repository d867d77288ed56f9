// The files service (spec section 7, Files): upload, the file-type catalogue, download by key,
// metadata update and mail with attachments. Any of the view keys whose areas keep documents
// may use it; no page action: a file belongs to whichever record stores its key, and a key is
// random (UUID v4) and only ever answered to callers who may read the record that stores it.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  FILE_MAX_BYTES,
  fileGetBodySchema,
  fileGetQuerySchema,
  fileSendMailBodySchema,
  fileTypeSchema,
  fileUpdateBodySchema,
  sentMailSchema,
  storedFileSchema,
  type FileGetBody,
  type FileGetQuery,
  type FileSendMailBody,
  type FileUpdateBody,
} from '../../schemas/file.schema';
import type { PermissionKey } from '../../schemas/permission-key.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, isCatalogueError } from '../errors/catalogue';
import type { Mailer } from '../mail/mailer';
import { actorOf } from '../audit/store';
import { downloadHeaders } from './download';
import { sanitiseFileName } from './names';
import * as store from './store';

export interface FileRoutesOptions {
  db: Db;
  mailer: Mailer;
}

/** The areas that keep documents: relations, settlements, invoicing, bid processes. */
export const FILE_PERMISSIONS: PermissionKey[] = ['relaciones', 'liquidaciones', 'facturacion', 'acciones'];

const permission = { permission: FILE_PERMISSIONS };

/** Busboy's own failures, as catalogue errors (the size cap has its own code and message). */
function uploadError(error: unknown): Error {
  if (isCatalogueError(error)) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppErrors.fileTooLarge();
  // Too many files, fields or parts.
  if (statusCode === 413) return new AppErrors.requestTooLarge();
  // A truncated or malformed multipart body.
  return new AppErrors.requestMalformed();
}

export default async function fileRoutes(app: FastifyInstance, options: FileRoutesOptions) {
  const { db, mailer } = options;

  // Multipart only here (this plugin is not wrapped in fastify-plugin, so the parser stays in
  // this scope): the JSON body limit of the rest of the API is untouched. The auth hooks run
  // on request, before any part is read, so a caller without a token never uploads a byte.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: FILE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  app.post(
    '/files/api/v1/once-file-updload',
    { config: permission, schema: { response: { 201: dataOf(storedFileSchema) } } },
    async (request, reply) => {
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
        throw uploadError(error);
      }
      if (!content) throw new AppErrors.fileMissing();
      const upload = content;
      const stored = await mutate(db, request, { action: 'file.create', entity: 'file' }, async (tx) => {
        const tipo = await store.resolveFileType(tx, tipoField);
        const after = await store.storeFile(tx, { content: upload, originalName, tipo, createdBy: actorOf(request).email });
        return { id: after.key, before: null, after };
      });
      return reply.status(201).send({ data: stored });
    },
  );

  // The spec's path ends in a slash; the bare path is the same catalogue.
  for (const url of ['/files/api/v1/archivos/', '/files/api/v1/archivos']) {
    app.get(url, { config: permission, schema: { response: { 200: dataListOf(fileTypeSchema) } } }, async () => ({
      data: await store.listFileTypes(db),
    }));
  }

  app.post<{ Body: FileGetBody; Querystring: FileGetQuery }>(
    '/files/api/v1/get-file',
    { config: permission, schema: { body: fileGetBodySchema, querystring: fileGetQuerySchema } },
    async (request, reply) => {
      const { file, content } = await store.readFile(db, request.body.url);
      return reply.headers(downloadHeaders(file, request.query.inline === '1')).send(content);
    },
  );

  app.patch<{ Body: FileUpdateBody }>(
    '/files/api/v1/update',
    { config: permission, schema: { body: fileUpdateBodySchema, response: { 200: dataOf(storedFileSchema) } } },
    async (request) => {
      const { key, version, nombre, tipo } = request.body;
      const updated = await mutate(db, request, { action: 'file.update', entity: 'file' }, async (tx) => {
        const before = await store.lockFile(tx, key, version);
        const changes = {
          ...(nombre === undefined ? {} : { nombre: sanitiseFileName(nombre, before.tipo_mime) }),
          ...(tipo === undefined ? {} : { tipo: await store.resolveFileType(tx, tipo) }),
        };
        return { id: key, before, after: await store.updateFile(tx, key, changes, actorOf(request).email) };
      });
      return { data: updated };
    },
  );

  app.post<{ Body: FileSendMailBody }>(
    '/files/api/v1/send-mail',
    { config: permission, schema: { body: fileSendMailBodySchema, response: { 201: dataOf(sentMailSchema) } } },
    async (request, reply) => {
      const to = request.body.to.map((address) => address.trim().toLowerCase());
      const attachments = request.body.attachments ?? [];
      const { subject, text } = request.body;
      const { mail, delivery } = await mutate(db, request, { action: 'mail.send', entity: 'mail' }, async (tx) => {
        await store.assertFileKeysExist(
          tx,
          attachments.map((key, index) => ({ key, instancePath: `/attachments/${index}` })),
        );
        const queued = await mailer.queue(tx, { to: to.join(', '), subject, text, attachments });
        const sent = { id: queued.id, to, subject, attachments };
        // The audit row keeps the message, not its pending delivery.
        return { id: queued.id, before: null, after: { mail: sent, delivery: queued }, audited: { before: null, after: sent } };
      });
      // Only once the outbox row and its audit row committed; delivery never rejects.
      void delivery.deliver();
      return reply.status(201).send({ data: mail });
    },
  );
}
