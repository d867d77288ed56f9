// @vitest-environment node
// The invoice lifecycle through the API: requesting a batch (all or nothing), issuing (the
// number, the date and both documents, PDF or XML; four eyes; Settlements `validate` in the
// invoice's country), recording payments (partial, then the one that reconciles; another
// currency and overpayment refused), one winner of concurrent commands, the database triggers
// that hold the lifecycle whoever writes, and the server refusing exactly what the invoice
// machine refuses, for every status, command and kind of user.
import { sql } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addDecimals } from '../../schemas/exact-decimal';
import { invoiceTransition } from '../../machines/invoicing/invoice.machine';
import { outstandingOf, type InvoiceCommand, type InvoiceUser } from '../../machines/invoicing/invoice-rules';
import { addDays, businessToday } from '../../schemas/date.schema';
import { DECIMAL_BOUNDS, isWithinBounds } from '../../schemas/decimal.schema';
import { INVOICE_STATES, type Invoice } from '../../schemas/invoice.schema';
import { ERROR_CATALOGUE } from '../../server/errors/catalogue';
import { pgRefusalOf } from '../../server/db/versioned';
import { toAppError } from '../../server/plugins/error-handler';
import { auditRows, expectError, insertRole, userWith, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import {
  BASE,
  ISSUER,
  NO_KEY,
  NO_VALIDATE,
  PNG_DOCUMENT,
  REQUESTER,
  TWO_MX_ROWS,
  contractWithAnnex,
  draft,
  draftedInvoice,
  ensurePeople,
  insertSettlement,
  invoiceIn,
  issueBody,
  pay,
  readInvoice,
  requestBatch,
  uploadDocument,
} from './invoice-fixtures';
import { grantsExcept } from './support/route-callers';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const emitir = (id: number, payload: object, email = ISSUER) => w.as(email, { method: 'POST', url: `${BASE}/facturas/${id}/emitir`, payload });

describe('POST /facturacion/api/v1/procesar', () => {
  it('requests every invoice of the batch, recording who asked and when, in one audit row', async () => {
    await ensurePeople(t, w);
    const first = await draftedInvoice(t, w);
    const second = await draftedInvoice(t, w);
    const response = await requestBatch(w, [second.id, first.id], NO_VALIDATE);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Invoice[];
    expect(data.map((invoice) => invoice.id)).toEqual([second.id, first.id]);
    for (const invoice of data) {
      expect(invoice).toMatchObject({ estado: 'SOLICITADO', solicitado_por: NO_VALIDATE, version: 2 });
      expect(Date.parse(invoice.solicitado_en!)).not.toBeNaN();
    }
    const [audit] = (await auditRows(t, 'invoice.request')).filter((row) => row.entity_id === `${second.id},${first.id}`);
    expect(audit).toMatchObject({ actor_email: NO_VALIDATE, entity: 'invoice' });
  });

  it('changes nothing when one invoice of the batch may not be requested, naming it', async () => {
    const draftOne = await draftedInvoice(t, w);
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const response = await requestBatch(w, [draftOne.id, requested.id]);
    expectError(response, 409, 'APP_ERR_INVOICE_NOT_DRAFT');
    expect(response.json().details).toEqual([expect.objectContaining({ instancePath: '/Facturas/1' })]);
    expect(await readInvoice(w, draftOne.id)).toMatchObject({ estado: 'GUARDADO', version: 1, solicitado_por: null });
    expect(await readInvoice(w, requested.id)).toMatchObject({ estado: 'SOLICITADO', version: requested.version });

    expectError(await requestBatch(w, [draftOne.id, 2_000_000]), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expect((await readInvoice(w, draftOne.id)).estado).toBe('GUARDADO');
  });

  it('answers 400 with details for an empty, repeated or malformed list; 401; 403 without the view key', async () => {
    await ensurePeople(t, w);
    for (const payload of [{}, { Facturas: [] }, { Facturas: [1, 1] }, { Facturas: ['1'] }, { facturas: [1] }, { Facturas: [0] }]) {
      const response = await w.as(REQUESTER, { method: 'POST', url: `${BASE}/procesar`, payload });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/procesar`, payload: { Facturas: [1] } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await requestBatch(w, [1], NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });

  it('lets exactly one of concurrent requests of one invoice through', async () => {
    const invoice = await draftedInvoice(t, w);
    const answers = await Promise.all([requestBatch(w, [invoice.id]), requestBatch(w, [invoice.id], NO_VALIDATE), requestBatch(w, [invoice.id], ISSUER)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().code).toBe('APP_ERR_INVOICE_NOT_DRAFT');
    expect((await readInvoice(w, invoice.id)).version).toBe(2);
  });
});

describe('POST /facturacion/api/v1/facturas/{id}/emitir', () => {
  it('issues a requested invoice with its number, date, due date and both documents (PDF and XML)', async () => {
    await ensurePeople(t, w);
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const body = await issueBody(w, '2025-03-05');
    const response = await emitir(requested.id, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      estado: 'FACTURADO',
      numero: body.numero,
      fecha_emision: '2025-03-05',
      // 30 calendar days (the contract's credit).
      fecha_vencimiento: '2025-04-04',
      archivo_fisica: body.archivo_fisica,
      archivo_flex: body.archivo_flex,
      emitido_por: ISSUER,
      solicitado_por: REQUESTER,
    });
    const [audit] = (await auditRows(t, 'invoice.issue')).filter((row) => row.entity_id === String(requested.id));
    expect(audit).toMatchObject({ actor_email: ISSUER, before: { estado: 'SOLICITADO' }, after: { estado: 'FACTURADO' } });
  });

  it('counts business days for a contract whose credit is in business days', async () => {
    const { annex } = await contractWithAnnex(t, w, { tipo_credito: 'dias_habiles', dias_credito: 5 });
    const invoice = await draft(w, await insertSettlement(t, annex, { rows: [{ energia: '10.00', potencia: '0', fisica: '1' }] }));
    expect((await requestBatch(w, [invoice.id])).statusCode).toBe(200);
    // Friday 7 March 2025 + 5 business days: Friday 14 March.
    const response = await emitir(invoice.id, await issueBody(w, '2025-03-07'));
    expect(response.json().data.fecha_vencimiento).toBe('2025-03-14');
  });

  it('refuses the requester (four eyes), a role without Settlements validate, and a role of another country (403)', async () => {
    await ensurePeople(t, w);
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    expectError(await emitir(requested.id, await issueBody(w), REQUESTER), 403, 'APP_ERR_INVOICE_FOUR_EYES');
    expectError(await emitir(requested.id, await issueBody(w), NO_VALIDATE), 403, 'APP_ERR_AUTH_FORBIDDEN');
    // A GT role issues GT documents only.
    const sv = await draftedInvoice(t, w, { sucursal: 'SV' });
    expect((await requestBatch(w, [sv.id])).statusCode).toBe(200);
    expectError(await emitir(sv.id, await issueBody(w)), 403, 'APP_ERR_AUTH_FORBIDDEN');
    const svRole = await insertRole(t, 'Emisor SV', 'SV', grantsExcept([]));
    await userWith(t, 'emisor-sv@test.energy', ['facturacion'], svRole);
    expect((await emitir(sv.id, await issueBody(w), 'emisor-sv@test.energy')).statusCode).toBe(200);
  });

  it('refuses a draft, an invoice issued already, and a document that is not an uploaded PDF or XML (409, naming it)', async () => {
    const drafted = await draftedInvoice(t, w);
    expectError(await emitir(drafted.id, await issueBody(w)), 409, 'APP_ERR_INVOICE_NOT_REQUESTED');
    const issued = await invoiceIn(t, w, 'FACTURADO');
    expectError(await emitir(issued.id, await issueBody(w)), 409, 'APP_ERR_INVOICE_ISSUED');

    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const png = await uploadDocument(w, PNG_DOCUMENT(), 'foto.png', 'factura_energia_flex');
    const wrongType = await emitir(requested.id, { ...(await issueBody(w)), archivo_flex: png });
    expectError(wrongType, 409, 'APP_ERR_INVOICE_ISSUE_INCOMPLETE');
    expect(wrongType.json().details).toEqual([expect.objectContaining({ instancePath: '/archivo_flex' })]);
    const missing = await emitir(requested.id, { ...(await issueBody(w)), archivo_fisica: 'f_00000000-0000-4000-8000-000000000000' });
    expectError(missing, 409, 'APP_ERR_INVOICE_ISSUE_INCOMPLETE');
    expect(missing.json().details).toEqual([expect.objectContaining({ instancePath: '/archivo_fisica' })]);
    expect((await readInvoice(w, requested.id)).estado).toBe('SOLICITADO');
  });

  it('refuses a number another document of the branch has (409) and a day that does not exist (400)', async () => {
    const first = await invoiceIn(t, w, 'FACTURADO');
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    // Both are purchases of their own company: a supplier's number is once per supplier, so reuse it on a sale.
    const sale = await draftedInvoice(t, w, { tipo_transaccion: 'R' });
    const otherSale = await draftedInvoice(t, w, { tipo_transaccion: 'R' });
    expect((await requestBatch(w, [sale.id, otherSale.id])).statusCode).toBe(200);
    const body = await issueBody(w);
    expect((await emitir(sale.id, body)).statusCode).toBe(200);
    const taken = await emitir(otherSale.id, { ...(await issueBody(w)), numero: body.numero });
    expectError(taken, 409, 'APP_ERR_INVOICE_NUMBER_TAKEN');
    expect(taken.json().details).toEqual([expect.objectContaining({ instancePath: '/numero' })]);
    // Another supplier may use the same number as the first purchase.
    expect((await emitir(requested.id, { ...(await issueBody(w)), numero: first.numero })).statusCode).toBe(200);

    const invalid = await emitir(otherSale.id, await issueBody(w, '2025-02-30'));
    expectError(invalid, 400, 'APP_ERR_REQUEST_INVALID');
    expect(invalid.json().details).toEqual([expect.objectContaining({ instancePath: '/fecha' })]);
  });

  it('refuses an issue date after today (the company calendar, Guatemala) or before the month of its settlement, beside the date (400)', async () => {
    await ensurePeople(t, w);
    // The fixtures' settlements are of February 2025.
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const today = businessToday();
    for (const [fecha, keyword] of [
      [addDays(today, 1), 'dateInFuture'],
      ['2030-11-28', 'dateInFuture'],
      ['2025-01-31', 'issueBeforeMonth'],
    ] as const) {
      const response = await emitir(requested.id, await issueBody(w, fecha));
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details, fecha).toEqual([expect.objectContaining({ instancePath: '/fecha', keyword })]);
    }
    expect(await readInvoice(w, requested.id)).toMatchObject({ estado: 'SOLICITADO', numero: null, fecha_emision: null });
    // The first day of the month and today itself are both fine.
    expect((await emitir(requested.id, await issueBody(w, '2025-02-01'))).statusCode).toBe(200);
    const other = await invoiceIn(t, w, 'SOLICITADO');
    expect((await emitir(other.id, await issueBody(w, today))).json().data.fecha_emision).toBe(today);
  });

  it('answers 400 with details for a body out of bounds, 404, 401 and 403', async () => {
    await ensurePeople(t, w);
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const body = await issueBody(w);
    for (const [payload, field] of [
      [{ ...body, numero: '' }, 'numero'],
      [{ ...body, numero: 'x'.repeat(41) }, 'numero'],
      [{ ...body, fecha: '05/03/2025' }, 'fecha'],
      [{ ...body, archivo_flex: '/etc/passwd' }, 'archivo_flex'],
      [{ numero: 'F-1', fecha: '2025-03-05', archivo_fisica: body.archivo_fisica }, 'archivo_flex'],
      [{ ...body, emitido_por: REQUESTER }, ''],
    ] as const) {
      const response = await emitir(requested.id, payload);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(JSON.stringify(response.json().details), JSON.stringify(payload)).toContain(field);
    }
    expectError(await emitir(2_000_000, body), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/facturas/${requested.id}/emitir`, payload: body }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await emitir(requested.id, body, NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('POST /facturacion/api/v1/facturas/{id}/pagos', () => {
  it('records a partial payment, then the one that covers the total reconciles the invoice', async () => {
    await ensurePeople(t, w);
    const issued = await invoiceIn(t, w, 'FACTURADO');
    // 11200.06 in two payments: exact decimals, no float left over.
    const partial = await pay(w, issued.id, '0.10', 'USD', NO_VALIDATE);
    expect(partial.statusCode, partial.body).toBe(201);
    expect(partial.json().data).toMatchObject({ estado: 'FACTURADO', pagado: '0.10', saldo: '11199.96', conciliado_en: null });
    expect(partial.json().data.pagos).toEqual([expect.objectContaining({ monto: '0.10', moneda: 'USD', fecha: '2025-04-01', registrado_por: NO_VALIDATE })]);
    const final = await pay(w, issued.id, '11199.96');
    expect(final.statusCode, final.body).toBe(201);
    expect(final.json().data).toMatchObject({ estado: 'CONCILIADO', pagado: '11200.06', saldo: '0.00' });
    expect(Date.parse(final.json().data.conciliado_en)).not.toBeNaN();
    expect(final.json().data.pagos).toHaveLength(2);
    expect((await auditRows(t, 'invoice.pay')).filter((row) => row.entity_id === String(issued.id))).toHaveLength(2);
    expectError(await pay(w, issued.id, '1.00'), 409, 'APP_ERR_INVOICE_RECONCILED');
  });

  it('refuses another currency, more than is owed and a payment before the invoice is issued (409), and a payment of 0 beside the amount (400)', async () => {
    const issued = await invoiceIn(t, w, 'FACTURADO');
    expectError(await pay(w, issued.id, '100.00', 'MXN'), 409, 'APP_ERR_INVOICE_PAYMENT_CURRENCY');
    expectError(await pay(w, issued.id, '11200.07'), 409, 'APP_ERR_INVOICE_OVERPAYMENT');
    // More than 0 is the amount's own rule, as the form states it: refused beside the field.
    for (const zero of ['0', '0.00']) {
      const response = await pay(w, issued.id, zero);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details).toEqual([expect.objectContaining({ instancePath: '/monto' })]);
    }
    expect(await readInvoice(w, issued.id)).toMatchObject({ estado: 'FACTURADO', pagado: '0', pagos: [] });
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    expectError(await pay(w, requested.id, '1.00'), 409, 'APP_ERR_INVOICE_NOT_ISSUED');
  });

  it('refuses a payment dated before the issue date of its invoice or after today, beside the date (400), and records nothing', async () => {
    await ensurePeople(t, w);
    // Issued on 5 March 2025 (the fixtures' date).
    const issued = await invoiceIn(t, w, 'FACTURADO');
    const today = businessToday();
    const payOn = (fecha: string) =>
      w.as(REQUESTER, { method: 'POST', url: `${BASE}/facturas/${issued.id}/pagos`, payload: { fecha, monto: '1.00', moneda: 'USD', referencia: `TRF-${fecha}` } });
    for (const [fecha, keyword] of [
      ['2025-03-04', 'paymentBeforeIssue'],
      [addDays(today, 1), 'dateInFuture'],
    ] as const) {
      const response = await payOn(fecha);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details, fecha).toEqual([expect.objectContaining({ instancePath: '/fecha', keyword })]);
    }
    expect(await readInvoice(w, issued.id)).toMatchObject({ pagado: '0', pagos: [] });
    // On the issue date itself, and today: both recorded.
    expect((await payOn('2025-03-05')).statusCode).toBe(201);
    expect((await payOn(today)).statusCode).toBe(201);
  });

  it('takes an MXN invoice in MXN only', async () => {
    const { annex } = await contractWithAnnex(t, w, { sucursal: 'MX', moneda: 'MXN' });
    const invoice = await draft(w, await insertSettlement(t, annex, { rows: TWO_MX_ROWS }));
    // A Mexican branch: the GT roles of the tests may not issue it, a MX one may.
    const mxRole = await insertRole(t, 'Emisor MX', 'MX', grantsExcept([]));
    await userWith(t, 'emisor-mx@test.energy', ['facturacion'], mxRole);
    expect((await requestBatch(w, [invoice.id])).statusCode).toBe(200);
    expect((await emitir(invoice.id, await issueBody(w), 'emisor-mx@test.energy')).statusCode).toBe(200);
    expectError(await pay(w, invoice.id, '100.00', 'USD'), 409, 'APP_ERR_INVOICE_PAYMENT_CURRENCY');
    expect((await pay(w, invoice.id, invoice.total, 'MXN')).json().data.estado).toBe('CONCILIADO');
  });

  it('lets exactly one of concurrent payments of the whole total through', async () => {
    const issued = await invoiceIn(t, w, 'FACTURADO');
    const answers = await Promise.all([pay(w, issued.id, issued.total), pay(w, issued.id, issued.total), pay(w, issued.id, '5000.00')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const after = await readInvoice(w, issued.id);
    expect(after.pagos).toHaveLength(1);
    // Whichever came first, what is paid never exceeds the total.
    expect(['CONCILIADO', 'FACTURADO']).toContain(after.estado);
    expect(after.pagado).toBe(after.pagos[0]!.monto);
  });

  it('answers 400 with details for a body out of bounds, 404, 401 and 403', async () => {
    await ensurePeople(t, w);
    const issued = await invoiceIn(t, w, 'FACTURADO');
    const body = { fecha: '2025-04-01', monto: '1.00', moneda: 'USD', referencia: 'TRF-1' };
    for (const [payload, field] of [
      [{ ...body, monto: '-1.00' }, 'monto'],
      [{ ...body, monto: '1.001' }, 'monto'],
      [{ ...body, monto: 1 }, 'monto'],
      [{ ...body, moneda: 'EUR' }, 'moneda'],
      [{ ...body, referencia: ' ' }, 'referencia'],
      [{ ...body, fecha: '2025-02-29' }, 'fecha'],
      [{ fecha: '2025-04-01', monto: '1.00', moneda: 'USD' }, 'referencia'],
    ] as const) {
      const response = await w.as(REQUESTER, { method: 'POST', url: `${BASE}/facturas/${issued.id}/pagos`, payload });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(JSON.stringify(response.json().details), JSON.stringify(payload)).toContain(field);
    }
    expectError(await pay(w, 2_000_000, '1.00'), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/facturas/${issued.id}/pagos`, payload: body }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await pay(w, issued.id, '1.00', 'USD', NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('the database holds the lifecycle whoever writes', () => {
  const refusalOf = (statement: ReturnType<typeof sql>) => t.db.execute(statement).then(() => null, pgRefusalOf);

  it('refuses a status going back, an edit of a requested invoice or its lines, and any change to a payment (IV001)', async () => {
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    expect(await refusalOf(sql`update facturas set estado = 'GUARDADO', solicitado_por = null, solicitado_en = null where id = ${requested.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`update facturas set descripcion = 'otra' where id = ${requested.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`update facturas set ajuste = ajuste + 1, total = total + 1.12, iva = iva + 0.12 where id = ${requested.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`update factura_lineas set monto = monto + 1 where factura_id = ${requested.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`delete from facturas where id = ${requested.id}`)).toBe('finalInvoice');

    const paid = await invoiceIn(t, w, 'CONCILIADO');
    expect(await refusalOf(sql`update facturas set estado = 'FACTURADO', conciliado_en = null where id = ${paid.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`update facturas set numero = 'OTRO' where id = ${paid.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`update pagos set monto = 1 where factura_id = ${paid.id}`)).toBe('finalInvoice');
    expect(await refusalOf(sql`delete from pagos where factura_id = ${paid.id}`)).toBe('finalInvoice');
    expect(await readInvoice(w, paid.id)).toMatchObject({ estado: 'CONCILIADO', pagado: paid.total });
  });

  it('tells a caller who meets that refusal about the invoice, not about a settlement', async () => {
    const requested = await invoiceIn(t, w, 'SOLICITADO');
    const error = await t.db.execute(sql`update facturas set descripcion = 'otra' where id = ${requested.id}`).then(() => null, (e: unknown) => e);
    expect(toAppError(error as FastifyError)).toMatchObject({ code: 'APP_ERR_INVOICE_FINAL', statusCode: 409 });
  });
});

describe('the server refuses every transition the machine refuses', () => {
  type UserKind = 'requester' | 'issuer' | 'noValidate' | 'noKey';
  const EMAILS: Record<UserKind, string> = { requester: REQUESTER, issuer: ISSUER, noValidate: NO_VALIDATE, noKey: NO_KEY };
  /** What the machine knows of each kind of user (the invoices are GT, the roles GT). */
  const machineUser = (kind: UserKind): InvoiceUser => ({ email: EMAILS[kind], mayInvoice: kind !== 'noKey', mayIssue: kind !== 'noValidate' });
  const STATUS_OF = new Map(ERROR_CATALOGUE.map((entry) => [entry.code, entry.statusCode]));

  type CommandName = 'edit' | 'request' | 'issue' | 'pay-all' | 'pay-part' | 'pay-mxn' | 'pay-more';

  /** The command as the machine reads it and the request that sends it, for `invoice`. */
  async function commandFor(name: CommandName, invoice: Invoice): Promise<{ command: InvoiceCommand; send: (email: string) => Promise<{ statusCode: number; json(): { code?: string; data?: unknown } }> }> {
    const owed = outstandingOf({ total: invoice.total, pagado: invoice.pagado ?? '0' });
    const payment = (monto: string, moneda: 'USD' | 'MXN') => ({
      command: { type: 'invoice.pay', monto, moneda } as const,
      send: (email: string) => pay(w, invoice.id, monto, moneda, email),
    });
    switch (name) {
      case 'edit':
        return {
          command: { type: 'invoice.edit' },
          send: (email) => w.as(email, { method: 'PATCH', url: `${BASE}/facturas/${invoice.id}`, payload: { descripcion: 'Editada', version: invoice.version } }),
        };
      case 'request':
        return { command: { type: 'invoice.request' }, send: (email) => requestBatch(w, [invoice.id], email) };
      case 'issue': {
        const body = await issueBody(w);
        return {
          command: { type: 'invoice.issue', numero: true, fecha: true, archivo_fisica: true, archivo_flex: true },
          send: (email) => emitir(invoice.id, body, email),
        };
      }
      case 'pay-all':
        return payment(owed, 'USD');
      case 'pay-part':
        return payment('1.00', 'USD');
      case 'pay-mxn':
        return payment('1.00', 'MXN');
      case 'pay-more':
        return payment(addDecimals(owed, '0.01'), 'USD');
    }
  }

  it.each(INVOICE_STATES)('from %s, for every command and kind of user', async (estado) => {
    await ensurePeople(t, w);
    let invoice = await invoiceIn(t, w, estado);
    const compared: string[] = [];
    for (const name of ['edit', 'request', 'issue', 'pay-all', 'pay-part', 'pay-mxn', 'pay-more'] as const) {
      for (const kind of ['noKey', 'noValidate', 'requester', 'issuer'] as const) {
        const facts = { estado: invoice.estado, solicitado_por: invoice.solicitado_por ?? null, total: invoice.total, pagado: invoice.pagado ?? '0', moneda: invoice.moneda };
        const { command, send } = await commandFor(name, invoice);
        const verdict = invoiceTransition(facts, command, machineUser(kind));
        const response = await send(EMAILS[kind]);
        const label = `${estado} ${name} by ${kind}: ${JSON.stringify(verdict)} -> ${response.statusCode} ${JSON.stringify(response.json()).slice(0, 120)}`;
        compared.push(label);
        if (verdict.allowed) {
          expect(response.statusCode, label).toBeLessThan(300);
          expect((await readInvoice(w, invoice.id)).estado, label).toBe(verdict.estado);
          // The command changed it: the next ones start again from a fresh invoice in `estado`.
          invoice = await invoiceIn(t, w, estado);
        } else if (kind === 'noKey') {
          // The view key is checked before any handler runs, as on every route.
          expect(response.statusCode, label).toBe(403);
          expect(response.json().code, label).toBe('APP_ERR_AUTH_FORBIDDEN');
        } else if (command.type === 'invoice.pay' && !isWithinBounds(command.monto, DECIMAL_BOUNDS.positiveMoney)) {
          // Paying what a reconciled invoice owes is paying 0: the amount's own schema refuses it
          // beside the field before the lifecycle is asked (the machine still names its reason).
          expect([response.statusCode, response.json().code], label).toEqual([400, 'APP_ERR_REQUEST_INVALID']);
        } else {
          expect(response.json().code, label).toBe(verdict.code);
          expect(response.statusCode, label).toBe(STATUS_OF.get(verdict.code));
        }
      }
    }
    expect(compared).toHaveLength(28);
  });
});
