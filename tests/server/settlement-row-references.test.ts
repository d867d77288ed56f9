// @vitest-environment node
// The references of a settlement row (migration 0014): a row names an existing settlement and
// annex, checked once per statement by triggers instead of declared foreign keys, with the
// refusals the keys gave: 23503 for a row naming what does not exist, 23001 (and the annex
// route's 409 "record in use") for an annex that rows name, the rows deleted with a
// preliminary settlement, a validated settlement and its rows still final (LQ001), and a
// TRUNCATE that would leave rows behind refused. The test helper that saves and restores
// tables still puts a settlement's rows back after their parents.
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import { queryRows } from '../../server/db/client';
import { ADMIN, expectError, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { annexBody, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { tableState } from './support/table-state';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const DAY = '2026-03-02';
const NOWHERE = 987654;

/** The SQLSTATE and constraint of a database refusal (drizzle wraps the driver's error). */
async function refusalOf(statement: Promise<unknown>): Promise<{ code?: string; constraint?: string; message?: string }> {
  try {
    await statement;
  } catch (error) {
    for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
      const { code, constraint, message } = current as { code?: unknown; constraint?: string; message?: string };
      if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return { code, constraint, message };
    }
    throw error;
  }
  throw new Error('the statement was not refused');
}

const count = async (query: SQL) => Number((await queryRows<{ n: string }>(t.db, query))[0]!.n);
const rowsOf = (settlement: number) => count(sql`select count(*) as n from liquidacion_filas where liquidacion_id = ${settlement}`);

/** A contract with one annex (through the API) and a preliminary settlement of it. */
async function annexAndSettlement(): Promise<{ annex: Annex; settlement: number }> {
  const contract = await createContract(t, w, ADMIN, { fecha_inicio: '2026-01-01' });
  const response = await w.as(ADMIN, {
    method: 'POST',
    url: '/anexos/api/v1/create',
    payload: annexBody(contract.id, { fecha_inicio: DAY, fecha_fin: DAY }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion) values (${contract.id}, 2026, 3, 'DF') returning id`,
  );
  return { annex: response.json().data as Annex, settlement: row!.id };
}

/** Inserts the hours `periods` of DAY for a settlement and an annex, every amount zero. */
function insertRows(settlement: number, annex: number, periods: readonly number[]) {
  return t.db.execute(sql`
    insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
      cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia,
      liquidacion_potencia, fee, margen, factura)
    select ${settlement}, ${annex}, ${DAY}::date, p, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from unnest(${sql.raw(`array[${periods.map(Number).join(',')}]::int[]`)}) p`);
}

describe('settlement rows reference their settlement and annex (checked per statement)', () => {
  // First: the helper cannot put back the rows of a validated settlement (LQ001 refuses the
  // insert, as it did before 0014), and later tests validate one.
  it('lets the table-state helper restore settlements and their rows (rows after their parents, emptied with them)', async () => {
    const { annex, settlement } = await annexAndSettlement();
    await insertRows(settlement, annex.id, [1, 2]);
    const state = await tableState(t.db);
    expect(state.tables.indexOf('liquidacion_filas')).toBeGreaterThan(state.tables.indexOf('liquidaciones'));
    expect(state.tables.indexOf('liquidacion_filas')).toBeGreaterThan(state.tables.indexOf('anexos'));
    await state.save();
    try {
      const before = await state.checksums();
      await t.db.execute(sql`delete from liquidaciones where id = ${settlement}`);
      expect(await rowsOf(settlement)).toBe(0);
      await state.restore(['liquidaciones']);
      expect(await rowsOf(settlement)).toBe(2);
      expect(await state.checksums()).toEqual(before);
    } finally {
      await state.drop();
    }
  });

  it('refuses a row naming an unknown annex or settlement with 23503 and the key name, the whole statement undone', async () => {
    const { annex, settlement } = await annexAndSettlement();
    expect(await refusalOf(insertRows(settlement, NOWHERE, [1, 2]))).toMatchObject({
      code: '23503',
      constraint: 'liquidacion_filas_anexo_id_anexos_id_fk',
    });
    expect(await refusalOf(insertRows(NOWHERE, annex.id, [1]))).toMatchObject({
      code: '23503',
      constraint: 'liquidacion_filas_liquidacion_id_liquidaciones_id_fk',
    });
    expect(await count(sql`select count(*) as n from liquidacion_filas where anexo_id in (${annex.id}, ${NOWHERE})`)).toBe(0);

    // One bad row among good ones refuses them all.
    await insertRows(settlement, annex.id, [1, 2, 3]);
    const mixed = t.db.execute(sql`
      insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
        cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia,
        liquidacion_potencia, fee, margen, factura)
      select ${settlement}, a, ${DAY}::date, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 from unnest(array[${annex.id}, ${NOWHERE}]::int[]) a`);
    expect(await refusalOf(mixed)).toMatchObject({ code: '23503' });
    expect(await rowsOf(settlement)).toBe(3);

    // An update moving a row to an annex that does not exist is refused too.
    expect(await refusalOf(t.db.execute(sql`update liquidacion_filas set anexo_id = ${NOWHERE} where liquidacion_id = ${settlement} and periodo = 1`))).toMatchObject({
      code: '23503',
      constraint: 'liquidacion_filas_anexo_id_anexos_id_fk',
    });
    // And changing the id a row names (no code does; the key refused it).
    expect(await refusalOf(t.db.execute(sql`update anexos set id = ${NOWHERE} where id = ${annex.id}`))).toMatchObject({ code: '23503' });
    expect(await refusalOf(t.db.execute(sql`update liquidaciones set id = ${NOWHERE} where id = ${settlement}`))).toMatchObject({ code: '23503' });
  });

  it('refuses to delete an annex that settlement rows name (23001; the route answers 409 record in use) and deletes it once they are gone', async () => {
    const { annex, settlement } = await annexAndSettlement();
    await insertRows(settlement, annex.id, [1, 2]);
    expect(await refusalOf(t.db.execute(sql`delete from anexos where id = ${annex.id}`))).toMatchObject({
      code: '23001',
      constraint: 'liquidacion_filas_anexo_id_anexos_id_fk',
    });
    expectError(await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } }), 409, 'APP_ERR_RECORD_IN_USE');
    expect(await count(sql`select count(*) as n from anexos where id = ${annex.id}`)).toBe(1);

    await t.db.execute(sql`delete from liquidaciones where id = ${settlement}`);
    const deleted = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/delete', payload: { id: annex.id } });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('deletes a preliminary settlement with its rows, and only its rows', async () => {
    const { annex, settlement } = await annexAndSettlement();
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion) values (${annex.contrato_id}, 2026, 3, 'PE') returning id`,
    );
    await insertRows(settlement, annex.id, [1, 2, 3]);
    await insertRows(other!.id, annex.id, [5, 6]);
    await t.db.execute(sql`delete from liquidaciones where id = ${settlement}`);
    expect(await rowsOf(settlement)).toBe(0);
    expect(await rowsOf(other!.id)).toBe(2);
  });

  it('keeps a validated settlement final: neither it nor its rows are deleted (LQ001)', async () => {
    const { annex, settlement } = await annexAndSettlement();
    await insertRows(settlement, annex.id, [1, 2]);
    await t.db.execute(sql`update liquidaciones set calculada_por = 'preparer@test.energy' where id = ${settlement}`);
    await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = 'validator@test.energy', validada_en = now() where id = ${settlement}`);
    expect(await refusalOf(t.db.execute(sql`delete from liquidaciones where id = ${settlement}`))).toMatchObject({ code: 'LQ001' });
    expect(await refusalOf(t.db.execute(sql`delete from liquidacion_filas where liquidacion_id = ${settlement}`))).toMatchObject({ code: 'LQ001' });
    expect(await rowsOf(settlement)).toBe(2);
    expect(await refusalOf(t.db.execute(sql`delete from anexos where id = ${annex.id}`))).toMatchObject({ code: '23001' });
  });

  it('refuses a TRUNCATE of settlements that leaves their rows behind', async () => {
    const { annex, settlement } = await annexAndSettlement();
    await insertRows(settlement, annex.id, [1]);
    expect(await refusalOf(t.db.execute(sql`truncate table liquidaciones cascade`))).toMatchObject({ code: '0A000' });
    expect(await rowsOf(settlement)).toBe(1);
  });

});
