// The files service (spec section 7, Files): upload, the file-type catalogue, download by key,
// metadata update and mail with attachments (each write a use case of its own file). Any of the view keys whose areas keep documents
// may use it; no page action: a file belongs to whichever record stores its key, and a key is
// random (UUID v4) and only ever answered to callers who may read the record that stores it.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
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
import { perform } from '../kit/use-case';
import type { Mailer } from '../mail/mailer';
import { downloadHeaders, STORED_FILE_ANSWER } from './download';
import { sendMail } from './send-mail';
import * as store from './store';
import { updateFile } from './update-file';
import { readUpload, STORED_FILE_UPLOAD } from './upload';
import { uploadFile } from './upload-file';

interface FileRoutesOptions {
  db: Db;
  mailer: Mailer;
}

/** The areas that keep documents: relations, settlements, invoicing, bid processes. */
const FILE_PERMISSIONS: PermissionKey[] = ['relaciones', 'liquidaciones', 'facturacion', 'acciones'];

const permission = { permission: FILE_PERMISSIONS };

export default async function fileRoutes(app: FastifyInstance, options: FileRoutesOptions) {
  const { db, mailer } = options;

  // Multipart only here (this plugin is not wrapped in fastify-plugin, so the parser stays in
  // this scope): the JSON body limit of the rest of the API is untouched. The auth hooks run
  // on request, before any part is read, so a caller without a token never uploads a byte.
  // The file's cap is the route's `config.upload` (FILE_MAX_BYTES), which the reader passes on.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 50 },
  });

  app.post(
    '/files/api/v1/once-file-updload',
    { config: { ...permission, upload: STORED_FILE_UPLOAD }, schema: { response: { 201: dataOf(storedFileSchema) } } },
    async (request, reply) => perform(db, request, reply, uploadFile, await readUpload(request)),
  );

  // The spec's path ends in a slash; the bare path is the same catalogue.
  for (const url of ['/files/api/v1/archivos/', '/files/api/v1/archivos']) {
    app.get(url, { config: permission, schema: { response: { 200: dataListOf(fileTypeSchema) } } }, async () => ({
      data: await store.listFileTypes(db),
    }));
  }

  app.post<{ Body: FileGetBody; Querystring: FileGetQuery }>(
    '/files/api/v1/get-file',
    { config: { ...permission, answers: STORED_FILE_ANSWER }, schema: { body: fileGetBodySchema, querystring: fileGetQuerySchema } },
    async (request, reply) => {
      const { file, content } = await store.readFile(db, request.body.url);
      return reply.headers(downloadHeaders(file, request.query.inline === '1')).send(content);
    },
  );

  app.patch<{ Body: FileUpdateBody }>(
    '/files/api/v1/update',
    { config: permission, schema: { body: fileUpdateBodySchema, response: { 200: dataOf(storedFileSchema) } } },
    async (request, reply) => perform(db, request, reply, updateFile, request.body),
  );

  app.post<{ Body: FileSendMailBody }>(
    '/files/api/v1/send-mail',
    { config: permission, schema: { body: fileSendMailBodySchema, response: { 201: dataOf(sentMailSchema) } } },
    async (request, reply) => sendMail(db, mailer, request, reply),
  );
}
