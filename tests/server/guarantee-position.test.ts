// @vitest-environment node
// An operator's guarantee position computed from what the product holds, checked against a
// hand count (docs/guarantees.md): a Guatemalan local purchase contract trades through the AMM;
// what it owes (an issued purchase invoice less its payment, a validated month not yet invoiced)
// is known, what it may owe (this month's preliminary settlement, a sent AMM record's days not
// yet settled, at their price) is potential; only the instruments in force are guaranteed; a
// sale contract's documents and other operators' instruments are not counted.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessToday, firstOfMonth } from '../../schemas/date.schema';
import type { Contract } from '../../schemas/contract.schema';
import { queryRows } from '../../server/db/client';
import { positionsOn } from '../../server/guarantees/position';
import { insertDocument, insertSettlement, recordPayment } from './accounting-fixtures';
import { ADMIN, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { createAnnex, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const TODAY = businessToday();
const [YEAR, MONTH] = TODAY.split('-').map(Number) as [number, number];
const monthBack = (back: number) => {
  const index = YEAR * 12 + (MONTH - 1) - back;
  return { anio: Math.floor(index / 12), mes: (index % 12) + 1 };
};

let purchase: Contract;

async function instrument(values: { operador: string; sucursal: string; monto: string; desde: string; hasta: string; liberada?: string | null; numero: string }) {
  await t.db.execute(sql`insert into garantias_instrumentos (operador, sucursal, agente, tipo, emisor, numero, moneda, monto, fecha_emision, fecha_vencimiento, liberada_en)
    values (${values.operador}, ${values.sucursal}, 'EPWM-GT', 'carta_credito', 'Banco Industrial', ${values.numero}, 'USD', ${values.monto}, ${values.desde}, ${values.hasta}, ${values.liberada ?? null})`);
}

beforeAll(async () => {
  purchase = await createContract(t, w, ADMIN, { sucursal: 'GT', local_regional: 'local', tipo_transaccion: 'I', codigo_contraparte: 'AMM-COMPRA' });
  const sale = await createContract(t, w, ADMIN, { sucursal: 'GT', local_regional: 'local', tipo_transaccion: 'R', codigo_contraparte: 'AMM-VENTA' });
  const annex = await createAnnex(w, ADMIN, purchase.id, { fecha_inicio: addDays(TODAY, -90), fecha_fin: addDays(TODAY, 90), pmi: ['GT-ESC-230'], pmr: ['GT-GUA-230'] });

  // Two months back: settled, invoiced (1,000.00 with no VAT) and paid 300.00 by today: 700.00 known.
  const two = monthBack(2);
  const settledTwo = await insertSettlement(t, { contrato_id: purchase.id, ...two, factura: '1000' });
  const invoice = await insertDocument(t, { contract: purchase, liquidacion_id: settledTwo, sentido: 'pagar', subtotal: '1000', tasa_iva: '0', numero: 'P-1', fecha_emision: addDays(TODAY, -40), fecha_vencimiento: addDays(TODAY, -10) });
  await recordPayment(t, invoice, addDays(TODAY, -20), '300');
  // Last month: validated, not invoiced: 500.00 known.
  await insertSettlement(t, { contrato_id: purchase.id, ...monthBack(1), factura: '500' });
  // This month: preliminary: 200.00 potential.
  await insertSettlement(t, { contrato_id: purchase.id, ...monthBack(0), version: 'PE', factura: '200', validated: false });
  // A sale's issued invoice is what we are owed: not counted.
  const saleSettled = await insertSettlement(t, { contrato_id: sale.id, ...two, factura: '9000' });
  await insertDocument(t, { contract: sale, liquidacion_id: saleSettled, sentido: 'cobrar', subtotal: '9000', tasa_iva: '0', numero: 'C-1', fecha_emision: addDays(TODAY, -40), fecha_vencimiento: addDays(TODAY, -10) });

  // An AMM record sent for the month's first day: 10 MW in periods 1 and 2 at 50.00: 1,000.00 potential.
  const day = firstOfMonth(YEAR, MONTH);
  const [book] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into bitacoras (mercado, fecha_operacion, fecha_fin, estado, enviada_en, enviada_por)
        values ('AMM', ${day}, ${day}, 'enviada', ${`${day}T00:00:00Z`}, ${ADMIN}) returning id`,
  );
  const bookId = book!.id;
  for (const periodo of [1, 2]) {
    await t.db.execute(sql`with o as (insert into ofertas (bitacora_id, anexo_id, pm, sentido, tipo, periodo, mw_declarada)
        values (${bookId}, ${annex.id}, 'GT-ESC-230', 'I', 'DECLARACION', ${periodo}, 10) returning id)
      insert into oferta_bloques (oferta_id, bloque, precio, mw) select id, 1, 50, 10 from o`);
  }

  // Guaranteed: 5,000.00 in force; one due yesterday and one released are not.
  await instrument({ operador: 'AMM', sucursal: 'GT', monto: '5000', desde: addDays(TODAY, -100), hasta: addDays(TODAY, 100), numero: 'LC-1' });
  await instrument({ operador: 'AMM', sucursal: 'GT', monto: '9999', desde: addDays(TODAY, -100), hasta: addDays(TODAY, -1), numero: 'LC-2' });
  await instrument({ operador: 'AMM', sucursal: 'GT', monto: '7777', desde: addDays(TODAY, -100), hasta: addDays(TODAY, 100), liberada: addDays(TODAY, -5), numero: 'LC-3' });
  await instrument({ operador: 'EOR', sucursal: 'GT', monto: '3000', desde: addDays(TODAY, -100), hasta: addDays(TODAY, 100), numero: 'LC-4' });
});

describe('the guarantee position of an operator on a day', () => {
  it('counts known and potential liabilities and the instruments in force, by hand', async () => {
    const [amm] = await positionsOn(t.db, TODAY, 'AMM');
    expect(amm).toEqual({ operador: 'AMM', sucursal: 'GT', moneda: 'USD', monto_garantizado: '5000', pasivo_conocido: '1200', pasivo_potencial: '1200' });
    const [eor] = await positionsOn(t.db, TODAY, 'EOR');
    expect(eor).toEqual({ operador: 'EOR', sucursal: 'GT', moneda: 'USD', monto_garantizado: '3000', pasivo_conocido: '0', pasivo_potencial: '0' });
  });

  it('reads the day asked: before the payment the invoice is owed whole; once the AMM day is settled it is no longer potential', async () => {
    const [before] = await positionsOn(t.db, addDays(TODAY, -30), 'AMM');
    // Thirty days back: the invoice (issued 40 days back) unpaid; the settlements validated "now" are not yet.
    expect(before!.pasivo_conocido).toBe('1000');
    const day = firstOfMonth(YEAR, MONTH);
    const [offer] = await queryRows<{ anexo_id: number }>(t.db, sql`select anexo_id from ofertas limit 1`);
    const [settlement] = await queryRows<{ id: number }>(t.db, sql`select id from liquidaciones where contrato_id = ${purchase.id} and version_liquidacion = 'PE'`);
    // One computed hour of that day is enough: the day is settled.
    await t.db.execute(sql`insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh, cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia, liquidacion_potencia, fee, margen, factura)
      values (${settlement!.id}, ${offer!.anexo_id}, ${day}, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`);
    const [after] = await positionsOn(t.db, TODAY, 'AMM');
    expect(after!.pasivo_potencial).toBe('200');
  });
});
