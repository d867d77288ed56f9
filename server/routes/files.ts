// The files service (spec section 7, Files): upload, the file-type catalogue, download by key,
// metadata update and mail with attachments. Any of the view keys whose areas keep documents
// may use it; no page action: a file belongs to whichever record stores its key, and a key is
// random (UUID v4) and only ever answered to callers who may read the record that stores it.
import multipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { files } from '../db/schema/files';
import { AppErrors, isCatalogueError } from '../errors/catalogue';
import { downloadHeaders } from '../files/download';
import { sanitiseFileName } from '../files/names';
import {
  assertFileKeysExist,
  listFileTypes,
  readFile,
  resolveFileType,
  storeFile,
  toStoredFile,
} from '../files/store';
import type { Mailer } from '../mail/mailer';
import { actorOf, recordAudit } from '../plugins/audit';
import { assertVersion, dataListOf, dataOf } from './admin-shared';

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
      const stored = await db.transaction(async (tx) => {
        const tipo = await resolveFileType(tx, tipoField);
        const file = await storeFile(tx, {
          content: upload,
          originalName,
          tipo,
          createdBy: actorOf(request).email,
        });
        await recordAudit(tx, request, { action: 'file.create', entity: 'file', entityId: file.key, before: null, after: file });
        return file;
      });
      return reply.status(201).send({ data: stored });
    },
  );

  // The spec's path ends in a slash; the bare path is the same catalogue.
  for (const url of ['/files/api/v1/archivos/', '/files/api/v1/archivos']) {
    app.get(url, { config: permission, schema: { response: { 200: dataListOf(fileTypeSchema) } } }, async () => ({
      data: await listFileTypes(db),
    }));
  }

  app.post<{ Body: FileGetBody; Querystring: FileGetQuery }>(
    '/files/api/v1/get-file',
    { config: permission, schema: { body: fileGetBodySchema, querystring: fileGetQuerySchema } },
    async (request, reply) => {
      const { file, content } = await readFile(db, request.body.url);
      return reply.headers(downloadHeaders(file, request.query.inline === '1')).send(content);
    },
  );

  app.patch<{ Body: FileUpdateBody }>(
    '/files/api/v1/update',
    { config: permission, schema: { body: fileUpdateBodySchema, response: { 200: dataOf(storedFileSchema) } } },
    async (request) => {
      const { key, version, nombre, tipo } = request.body;
      const actor = actorOf(request);
      const updated = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(files).where(eq(files.key, key)).for('update');
        if (!before) throw new AppErrors.fileNotFound();
        assertVersion(before.version, version);
        const changes: Partial<typeof files.$inferInsert> = { updated_at: new Date(), updated_by: actor.email, version: before.version + 1 };
        if (nombre !== undefined) {
          changes.nombre = sanitiseFileName(nombre, toStoredFile(before).tipo_mime);
        }
        if (tipo !== undefined) changes.tipo = await resolveFileType(tx, tipo);
        const [row] = await tx.update(files).set(changes).where(eq(files.key, key)).returning();
        if (!row) throw new AppErrors.fileNotFound();
        const after = toStoredFile(row);
        await recordAudit(tx, request, {
          action: 'file.update',
          entity: 'file',
          entityId: key,
          before: toStoredFile(before),
          after,
        });
        return after;
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
      const { pending, sent } = await db.transaction(async (tx) => {
        await assertFileKeysExist(
          tx,
          attachments.map((key, index) => ({ key, instancePath: `/attachments/${index}` })),
        );
        const queued = await mailer.queue(tx, { to: to.join(', '), subject, text, attachments });
        const mail = { id: queued.id, to, subject, attachments };
        await recordAudit(tx, request, { action: 'mail.send', entity: 'mail', entityId: queued.id, before: null, after: mail });
        return { pending: queued, sent: mail };
      });
      // Only once the outbox row and its audit row committed; delivery never rejects.
      void pending.deliver();
      return reply.status(201).send({ data: sent });
    },
  );
}
