// Shared set-up of the invoicing API tests: the people (who requests, who issues, who may not),
// validated settlements of a contract's month inserted with SQL as the engine leaves them (rows
// with their amounts, totals their exact sums, the MXN parts of a Mexican contract), and calls
// of the invoicing API as someone.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { PERMISSION_KEYS } from '../../schemas/permission-key.schema';
import type { Annex } from '../../schemas/annex.schema';
import type { Contract } from '../../schemas/contract.schema';
import type { Invoice, InvoiceDetail } from '../../schemas/invoice.schema';
import { queryRows } from '../../server/db/client';
import { ADMIN, insertRole, userWith, type AdminWorld } from './admin-fixtures';
import { annexBody, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { multipart } from './support/multipart';
import { grantsExcept } from './support/route-callers';

export const BASE = '/facturacion/api/v1';

/** Requests invoices: every view key, a role granting everything (GT). */
export const REQUESTER = ADMIN;
/** Issues what others requested: `facturacion` and Settlements `validate` (GT). */
export const ISSUER = 'emisor@test.energy';
/** Drafts, requests and pays, but may not issue: no Settlements `validate`. */
export const NO_VALIDATE = 'sin-validar@test.energy';
/** Every view key but `facturacion`, a role granting everything. */
export const NO_KEY = 'sin-facturacion@test.energy';
/** Who validated the settlements (never a user of the tests). */
const VALIDATOR = 'validador@test.energy';

let people: Promise<void> | undefined;
export function ensurePeople(t: TestApp, w: AdminWorld): Promise<void> {
  people ??= (async () => {
    await userWith(t, ISSUER, ['facturacion', 'liquidaciones'], w.fullRole);
    const role = await insertRole(t, 'Factura sin validar GT', 'GT', grantsExcept([{ page: 'Settlements', action: 'validate' }]));
    await userWith(t, NO_VALIDATE, ['facturacion'], role);
    await userWith(t, NO_KEY, PERMISSION_KEYS.filter((key) => key !== 'facturacion'), w.fullRole);
  })();
  return people;
}

/** One hourly row of a settlement: its amounts (USD) and energy; `tc` the MXN per USD of a Mexican one. */
interface RowSpec {
  energia: string;
  potencia: string;
  fee?: string;
  mmi?: string;
  mmr?: string;
  fisica: string;
  flex?: string;
  tc?: string;
}

interface SettlementSpec {
  version?: 'DF' | 'CD' | 'PE';
  reconciliacion?: number;
  mes?: number;
  rows: RowSpec[];
  take_or_pay?: string;
  validated?: boolean;
}

/** The two rows most tests use: an invoice amount of 10000.05 over 79 MWh. */
export const TWO_ROWS: RowSpec[] = [
  { energia: '6000.00', potencia: '2000.00', fee: '500.00', mmi: '250.02', mmr: '250.00', fisica: '60', flex: '10' },
  { energia: '900.03', potencia: '100.00', fisica: '9' },
];

/** The rows as a Mexican settlement has them: each with its day's MXN per USD (the last row's is 20.5). */
export const TWO_MX_ROWS: RowSpec[] = [
  { ...TWO_ROWS[0]!, tc: '20.1234' },
  { ...TWO_ROWS[1]!, tc: '20.5' },
];

/**
 * A settlement of the annex's contract for 2025-`mes` with `rows` (periods 1, 2, ... of the
 * month's first day, in order), its totals the exact sums of its rows plus the TOP line, the
 * MXN parts (the USD amount x the row's rate, rounded to the cent) where a row has a rate, as
 * `calcular_liquidacion` writes them. Validated unless said otherwise.
 */
export async function insertSettlement(t: TestApp, annex: Annex, spec: SettlementSpec): Promise<number> {
  const { version = 'DF', mes = 2, take_or_pay = '0' } = spec;
  const reconciliacion = version === 'CD' ? (spec.reconciliacion ?? 1) : 0;
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion, calculada_por, calculada_en, created_by)
        values (${annex.contrato_id}, 2025, ${mes}, ${version}, ${reconciliacion}, 'preparador@test.energy', now(), 'test') returning id`,
  );
  const id = row!.id;
  for (const [index, r] of spec.rows.entries()) {
    const amounts = { fee: r.fee ?? '0', mmi: r.mmi ?? '0', mmr: r.mmr ?? '0', flex: r.flex ?? '0' };
    const mxn = (value: string) => (r.tc === undefined ? sql`null` : sql`round(${value}::numeric * ${r.tc}::numeric, 2)`);
    await t.db.execute(sql`
      insert into liquidacion_filas (liquidacion_id, anexo_id, fecha, periodo, energia_fisica_mwh, energia_flex_mwh, energia_total_mwh,
        cargos_mmi, cargos_mmr, cmorc, liquidacion_fisica, liquidacion_flex, liquidacion_fpn, liquidacion_energia, liquidacion_potencia,
        fee, margen, factura, tipo_cambio, liquidacion_energia_mxn, liquidacion_potencia_mxn, fee_mxn, cargos_mmi_mxn, cargos_mmr_mxn)
      values (${id}, ${annex.id}, make_date(2025, ${mes}, 1), ${index + 1}, ${r.fisica}, ${amounts.flex}, ${r.fisica}::numeric + ${amounts.flex}::numeric,
        ${amounts.mmi}, ${amounts.mmr}, 0, ${r.energia}, 0, 0, ${r.energia}, ${r.potencia}, ${amounts.fee}, 0,
        ${r.energia}::numeric + ${r.potencia}::numeric + ${amounts.fee}::numeric + ${amounts.mmi}::numeric + ${amounts.mmr}::numeric,
        ${r.tc ?? null}, ${mxn(r.energia)}, ${mxn(r.potencia)}, ${mxn(amounts.fee)}, ${mxn(amounts.mmi)}, ${mxn(amounts.mmr)})`);
  }
  await t.db.execute(sql`update liquidacion_filas set factura_mxn = liquidacion_energia_mxn + liquidacion_potencia_mxn + fee_mxn + cargos_mmi_mxn + cargos_mmr_mxn
    where liquidacion_id = ${id} and tipo_cambio is not null`);
  await t.db.execute(sql`
    update liquidaciones l set (energia_total_mwh, cargos_mmi, cargos_mmr, liquidacion_energia, liquidacion_potencia, fee, take_or_pay, factura, factura_mxn) =
      (select sum(energia_total_mwh), sum(cargos_mmi), sum(cargos_mmr), sum(liquidacion_energia), sum(liquidacion_potencia), sum(fee),
              ${take_or_pay}::numeric, sum(factura) + ${take_or_pay}::numeric,
              sum(factura_mxn) + round(${take_or_pay}::numeric * (select tipo_cambio from liquidacion_filas r where r.liquidacion_id = l.id
                order by fecha desc, periodo desc limit 1), 2)
       from liquidacion_filas f where f.liquidacion_id = l.id)
    where l.id = ${id}`);
  if (spec.validated !== false) {
    await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = ${VALIDATOR}, validada_en = now() where id = ${id}`);
  }
  return id;
}

/** A contract (on a fresh company) with one annex in force in February 2025. */
export async function contractWithAnnex(t: TestApp, w: AdminWorld, overrides: Record<string, unknown> = {}): Promise<{ contract: Contract; annex: Annex }> {
  const contract = await createContract(t, w, ADMIN, overrides);
  const response = await w.as(ADMIN, { method: 'POST', url: '/anexos/api/v1/create', payload: annexBody(contract.id) });
  expect(response.statusCode, response.body).toBe(201);
  return { contract, annex: response.json().data as Annex };
}

/** Drafts the document of settlement `liquidacionId` as `email` (201 expected). */
export async function draft(w: AdminWorld, liquidacionId: number, email = REQUESTER): Promise<InvoiceDetail> {
  const response = await w.as(email, { method: 'POST', url: `${BASE}/borradores`, payload: { liquidacion_id: liquidacionId } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as InvoiceDetail;
}

/** A validated DF of a fresh GT contract with the two rows, drafted: its document. */
export async function draftedInvoice(t: TestApp, w: AdminWorld, overrides: Record<string, unknown> = {}): Promise<InvoiceDetail> {
  const { annex } = await contractWithAnnex(t, w, overrides);
  return draft(w, await insertSettlement(t, annex, { rows: TWO_ROWS }));
}

export function requestBatch(w: AdminWorld, ids: number[], email = REQUESTER): Promise<LightMyRequestResponse> {
  return w.as(email, { method: 'POST', url: `${BASE}/procesar`, payload: { Facturas: ids } });
}

const PDF_DOCUMENT = () => Buffer.from(`%PDF-1.4\n% factura ${Math.random()}\n%%EOF\n`);
const XML_DOCUMENT = () => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<dte:GTDocumento id="${Math.random()}"/>\n`);
export const PNG_DOCUMENT = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(`IHDR ${Math.random()}`)]);

/** Uploads `content` through the files service as `email` and answers its key. */
export async function uploadDocument(w: AdminWorld, content: Buffer, filename: string, tipo: string, email = ISSUER): Promise<string> {
  const body = multipart([
    { name: 'tipo', value: tipo },
    { name: 'file', value: content, filename, contentType: 'application/octet-stream' },
  ]);
  const response = await w.as(email, { method: 'POST', url: '/files/api/v1/once-file-updload', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.key as string;
}

let invoiceNumber = 0;
/** A body that issues an invoice: a fresh number, a date, a PDF and an XML document. */
export async function issueBody(w: AdminWorld, fecha = '2025-03-05') {
  invoiceNumber += 1;
  return {
    numero: `FEL-${String(invoiceNumber).padStart(6, '0')}`,
    fecha,
    archivo_fisica: await uploadDocument(w, PDF_DOCUMENT(), 'fisica.pdf', 'factura_energia_fisica'),
    archivo_flex: await uploadDocument(w, XML_DOCUMENT(), 'flex.xml', 'factura_energia_flex'),
  };
}

async function issue(w: AdminWorld, id: number, email = ISSUER): Promise<LightMyRequestResponse> {
  return w.as(email, { method: 'POST', url: `${BASE}/facturas/${id}/emitir`, payload: await issueBody(w) });
}

export function pay(w: AdminWorld, id: number, monto: string, moneda = 'USD', email = REQUESTER): Promise<LightMyRequestResponse> {
  return w.as(email, { method: 'POST', url: `${BASE}/facturas/${id}/pagos`, payload: { fecha: '2025-04-01', monto, moneda, referencia: `TRF-${Math.random()}` } });
}

/** A drafted invoice brought to `estado` through the API: requested by REQUESTER, issued by ISSUER. */
export async function invoiceIn(t: TestApp, w: AdminWorld, estado: Invoice['estado']): Promise<Invoice> {
  const drafted = await draftedInvoice(t, w);
  if (estado === 'GUARDADO') return drafted;
  expect((await requestBatch(w, [drafted.id])).statusCode).toBe(200);
  if (estado !== 'SOLICITADO') expect((await issue(w, drafted.id)).statusCode).toBe(200);
  if (estado === 'CONCILIADO') expect((await pay(w, drafted.id, drafted.total)).statusCode).toBe(201);
  return readInvoice(w, drafted.id);
}

export async function readInvoice(w: AdminWorld, id: number): Promise<InvoiceDetail> {
  const response = await w.as(REQUESTER, { method: 'GET', url: `${BASE}/get/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as InvoiceDetail;
}
