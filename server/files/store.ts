// The file store: bytes once per sha256 (file_blobs), one `files` row per upload with its key.
// Other areas call these helpers to check the keys they store (company documents, mail
// attachments) and the routes in server/files/routes.ts expose them. A file is read, locked
// and written in the one shape the API shows, so a write answers without reading again.
import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isFileKey, type FileType, type StoredFile } from '../../schemas/file.schema';
import type { Db } from '../db/client';
import { fileBlobs, files, fileTypes, type FileRow } from '../db/schema/files';
import { editStamp, lockedRow } from '../db/versioned';
import { AppErrors, invalidRequest, type ErrorDetail } from '../errors/catalogue';
import { detectMimeType } from './detect';
import { sanitiseFileName } from './names';

/** The columns of a `files` row the API shows. */
const storedFileColumns = {
  key: files.key,
  nombre: files.nombre,
  tipo_mime: files.tipo_mime,
  tamano: files.tamano,
  sha256: files.sha256,
  tipo: files.tipo,
  version: files.version,
};

/** The file-type catalogue, by id. */
export async function listFileTypes(db: Db): Promise<FileType[]> {
  return db.select().from(fileTypes).orderBy(asc(fileTypes.id));
}

/**
 * The catalogue id for `value` (an id, or a clave such as `contrato_firmado`); null when
 * none is given; 400 with a detail on `/tipo` when the catalogue has no such type.
 */
export async function resolveFileType(db: Db, value: string | number | null | undefined): Promise<number | null> {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  const byId = /^[0-9]{1,9}$/.test(text);
  const [row] = await db
    .select({ id: fileTypes.id })
    .from(fileTypes)
    .where(byId ? eq(fileTypes.id, Number(text)) : eq(fileTypes.clave, text))
    .limit(1);
  if (!row) {
    throw invalidRequest([{ instancePath: '/tipo', keyword: 'enum', message: 'must be a file type of the catalogue' }]);
  }
  return row.id;
}

export interface NewFile {
  content: Buffer;
  /** The name the uploader's system gave the file; sanitised before it is stored. */
  originalName: string;
  tipo: number | null;
  createdBy: string | null;
}

/**
 * Stores one upload: 415 unless the bytes are a PDF, PNG or JPEG. Content already stored
 * (same sha256) is not written again; the new key points at the existing bytes.
 */
export async function storeFile(tx: Db, file: NewFile): Promise<StoredFile> {
  const mime = detectMimeType(file.content);
  if (!mime) throw new AppErrors.fileType();
  const sha256 = await storeBlob(tx, file.content);
  const [row] = await tx
    .insert(files)
    .values({
      key: `f_${randomUUID()}`,
      sha256,
      nombre: sanitiseFileName(file.originalName, mime),
      tipo_mime: mime,
      tamano: file.content.length,
      tipo: file.tipo,
      created_by: file.createdBy,
      updated_by: file.createdBy,
    })
    .returning(storedFileColumns);
  if (!row) throw new Error('files insert returned no row');
  return row;
}

/** Keeps `content` once by its sha256 (already kept: nothing written) and answers the sha256. Files the server writes (a report's workbook) are kept so too. */
export async function storeBlob(tx: Db, content: Buffer): Promise<string> {
  const sha256 = createHash('sha256').update(content).digest('hex');
  await tx.insert(fileBlobs).values({ sha256, content, size: content.length }).onConflictDoNothing({ target: fileBlobs.sha256 });
  return sha256;
}

/** The bytes kept as `sha256`, if any. */
export async function readBlob(db: Db, sha256: string): Promise<Buffer | undefined> {
  const [row] = await db.select({ content: fileBlobs.content }).from(fileBlobs).where(eq(fileBlobs.sha256, sha256)).limit(1);
  return row?.content;
}

/** The file `key` locked for the rest of the transaction, after the version check of an edit (`sent`). */
export async function lockFile(tx: Db, key: string, sent: number): Promise<StoredFile> {
  const rows = await tx.select(storedFileColumns).from(files).where(eq(files.key, key)).for('update');
  return lockedRow(rows, sent, AppErrors.fileNotFound);
}

/** A metadata edit of file `key`: its name and catalogue type, where given. */
export async function updateFile(tx: Db, key: string, changes: { nombre?: string; tipo?: number | null }, actor: string | null): Promise<StoredFile> {
  const [row] = await tx
    .update(files)
    .set({ ...changes, ...editStamp(files, actor) })
    .where(eq(files.key, key))
    .returning(storedFileColumns);
  return row!;
}

/** The file with `key` and its bytes; 404 when there is no such file. */
export async function readFile(db: Db, key: string): Promise<{ file: FileRow; content: Buffer }> {
  if (!isFileKey(key)) throw new AppErrors.fileNotFound();
  const [row] = await db
    .select({ file: files, content: fileBlobs.content })
    .from(files)
    .innerJoin(fileBlobs, eq(files.sha256, fileBlobs.sha256))
    .where(eq(files.key, key))
    .limit(1);
  if (!row) throw new AppErrors.fileNotFound();
  return { file: row.file, content: row.content };
}

/**
 * For areas that store file keys: 400 with one detail per key that is not a stored file,
 * at the instancePath the caller gives (e.g. `/documentos/0/key`), so the form marks it.
 */
export async function assertFileKeysExist(db: Db, entries: ReadonlyArray<{ key: string; instancePath: string }>): Promise<void> {
  const known = await storedFileKeys(db, entries.map((entry) => entry.key));
  const details: ErrorDetail[] = entries
    .filter((entry) => !known.has(entry.key))
    .map((entry) => ({ instancePath: entry.instancePath, keyword: 'file', message: 'must be the key of an uploaded file' }));
  if (details.length > 0) throw invalidRequest(details);
}

/**
 * Which of `keys` are stored files, in one query (none for anything not shaped like a key);
 * with `mimeTypes`, only the files of those types (an invoice's documents: PDF or XML).
 */
export async function storedFileKeys(db: Db, keys: readonly string[], mimeTypes?: readonly FileRow['tipo_mime'][]): Promise<Set<string>> {
  const wellFormed = [...new Set(keys.filter(isFileKey))];
  if (wellFormed.length === 0) return new Set();
  const ofTypes = mimeTypes === undefined ? undefined : inArray(files.tipo_mime, [...mimeTypes]);
  const found = await db.select({ key: files.key }).from(files).where(and(inArray(files.key, wellFormed), ofTypes));
  return new Set(found.map((row) => row.key));
}

/** Attachments for a mail: name, type and bytes of each key, in the given order. */
export async function readAttachments(
  db: Db,
  keys: readonly string[],
): Promise<Array<{ filename: string; contentType: string; content: Buffer }>> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: files.key, nombre: files.nombre, tipo_mime: files.tipo_mime, content: fileBlobs.content })
    .from(files)
    .innerJoin(fileBlobs, eq(files.sha256, fileBlobs.sha256))
    .where(inArray(files.key, [...keys]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.map((key) => {
    const row = byKey.get(key);
    // Keys are checked when the mail is queued and files are never removed: this means the
    // database was changed by hand, and the outbox row should say so rather than send less.
    if (!row) throw new Error(`attachment ${key} is not stored`);
    return { filename: row.nombre, contentType: row.tipo_mime, content: row.content };
  });
}
