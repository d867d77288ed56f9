// The workbooks `reportes.excel` jobs wrote (reportes_excel): one per job, its bytes in
// file_blobs through the files store.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { readBlob, storeBlob } from '../files/store';

/** Keeps job `trabajo_id`'s workbook, replacing any it wrote before (a job run again writes the same row). */
export async function storeReportWorkbook(tx: Db, file: { trabajo_id: number; nombre: string; content: Buffer; filas: number }): Promise<void> {
  const sha256 = await storeBlob(tx, file.content);
  await tx.execute(
    sql`insert into "reportes_excel" ("trabajo_id", "nombre", "sha256", "filas") values (${file.trabajo_id}, ${file.nombre}, ${sha256}, ${file.filas})
      on conflict ("trabajo_id") do update set "nombre" = excluded."nombre", "sha256" = excluded."sha256", "filas" = excluded."filas", "escrito_en" = now()`,
  );
}

/** Job `trabajo_id`'s workbook (name and bytes), if it wrote one. */
export async function readReportWorkbook(db: Db, trabajo_id: number): Promise<{ nombre: string; content: Buffer } | undefined> {
  const [row] = await queryRows<{ nombre: string; sha256: string }>(db, sql`select "nombre", "sha256" from "reportes_excel" where "trabajo_id" = ${trabajo_id}`);
  if (!row) return undefined;
  const content = await readBlob(db, row.sha256);
  return content ? { nombre: row.nombre, content } : undefined;
}
