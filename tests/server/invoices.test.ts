// @vitest-environment node
// The invoicing API, drafts and reads: an invoice drafted from a validated settlement (its
// amounts to the cent for each country's VAT rate and for MXN with the exchange rate; debit and
// credit notes from a CD; every refusal), one invoice with its lines, the filtered list with its
// totals, editing a draft (amounts recomputed, stale versions, a total below 0), and that the
// stored amounts always satisfy the database's check. The lifecycle's commands are in
// invoice-lifecycle.test.ts.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDecimals, subtractDecimals } from '../../schemas/exact-decimal';
import { invoiceAmounts, isTotalNonNegative } from '../../machines/invoicing/invoice-amounts';
import type { Invoice, InvoiceDetail, InvoicePage } from '../../schemas/invoice.schema';
import { queryRows } from '../../server/db/client';
import { pgRefusalOf } from '../../server/db/versioned';
import { auditRows, expectError, useAdminWorld, type AdminWorld } from './admin-fixtures';
import type { TestApp } from './helpers';
import { BASE, NO_KEY, NO_VALIDATE, REQUESTER, TWO_MX_ROWS, TWO_ROWS, contractWithAnnex, draft, draftedInvoice, ensurePeople, insertSettlement, invoiceIn, readInvoice, requestBatch } from './invoice-fixtures';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const postDraft = (liquidacionId: unknown, email = REQUESTER) =>
  w.as(email, { method: 'POST', url: `${BASE}/borradores`, payload: { liquidacion_id: liquidacionId } });

const patch = (id: number, payload: object, email = REQUESTER) => w.as(email, { method: 'PATCH', url: `${BASE}/facturas/${id}`, payload });

/** The lines of a document as `concepto=monto`, in the document's order. */
const linesOf = (invoice: InvoiceDetail) => invoice.lineas.map((line) => `${line.concepto}=${line.monto}`);

describe('POST /facturacion/api/v1/borradores: the amounts of a final settlement', () => {
  // Subtotal 10000.05 = the settlement's invoice amount; VAT rounded half away from zero, once.
  it.each([
    { pais: 'GT', tasa: '12', iva: '1200.01', total: '11200.06' },
    { pais: 'SV', tasa: '13', iva: '1300.01', total: '11300.06' },
    { pais: 'PA', tasa: '7', iva: '700.00', total: '10700.05' },
    { pais: 'MX', tasa: '16', iva: '1600.01', total: '11600.06' },
  ])('drafts the invoice of a $pais DF to the cent at $tasa % VAT', async ({ pais, tasa, iva, total }) => {
    await ensurePeople(t, w);
    const { contract, annex } = await contractWithAnnex(t, w, { sucursal: pais, tipo_transaccion: 'R', codigo_contraparte: `CP-${pais}` });
    const settlement = await insertSettlement(t, annex, { rows: pais === 'MX' ? TWO_MX_ROWS : TWO_ROWS });
    const invoice = await draft(w, settlement);
    expect(invoice).toMatchObject({
      tipo_documento: 'factura',
      sentido: 'cobrar',
      liquidacion_id: settlement,
      factura_origen_id: null,
      contrato_id: contract.id,
      contrato_codigo: `CP-${pais}`,
      empresa_id: contract.empresa_id,
      razon_social: contract.empresa_razon_social,
      incoterm: 'DAP',
      pais,
      anio: 2025,
      mes: 2,
      version_liquidacion: 'DF',
      energia_mwh: '79',
      precio_unitario: '87.3422',
      subtotal: '10000.05',
      descuento_pct: '0',
      descuento: '0.00',
      ajuste: '0',
      tasa_iva: tasa,
      iva,
      total,
      pagado: '0',
      saldo: total,
      moneda: 'USD',
      // A Mexican document keeps the rate of the settlement's last row, even in USD.
      tipo_cambio: pais === 'MX' ? '20.5' : '1',
      estado: 'GUARDADO',
      dias_credito: 30,
      numero: null,
      version: 1,
      created_by: REQUESTER,
    });
    expect(invoice.descripcion).toContain('02/2025');
    expect(invoice.nit).toMatch(/\S/);
    expect(invoice.direccion).toMatch(/\S/);
    expect(linesOf(invoice)).toEqual(['energia=6900.03', 'potencia=2100.00', 'fee=500.00', 'cargos_mmi=250.02', 'cargos_mmr=250.00']);
    expect(invoice.lineas[0]!.cantidad_mwh).toBe('79');
    expect(invoice.pagos).toEqual([]);
    const lineSum = invoice.lineas.reduce((sum, line) => addDecimals(sum, line.monto), '0');
    expect(lineSum).toBe('10000.05');
    const [audit] = (await auditRows(t, 'invoice.draft')).filter((row) => row.entity_id === String(invoice.id));
    expect(audit).toMatchObject({ actor_email: REQUESTER, entity: 'invoice', before: null });
  });

  it('drafts an MXN invoice from the MXN parts of the rows, the take-or-pay line at the last rate, and stores that rate', async () => {
    const { annex } = await contractWithAnnex(t, w, { sucursal: 'MX', moneda: 'MXN', tipo_transaccion: 'R' });
    const invoice = await draft(w, await insertSettlement(t, annex, { rows: TWO_MX_ROWS, take_or_pay: '100.00' }));
    // Row 1 at 20.1234, row 2 at 20.5: each amount converted and rounded to the cent, then summed.
    expect(linesOf(invoice)).toEqual([
      'energia=139191.02',
      'potencia=42296.80',
      'fee=10061.70',
      'cargos_mmi=5031.25',
      'cargos_mmr=5030.85',
      'take_or_pay=2050.00',
    ]);
    expect(invoice).toMatchObject({ moneda: 'MXN', tipo_cambio: '20.5', subtotal: '203661.62', tasa_iva: '16', iva: '32585.86', total: '236247.48' });
    const [settlement] = await queryRows<{ factura_mxn: string }>(t.db, sql`select factura_mxn::text from liquidaciones where id = ${invoice.liquidacion_id}`);
    expect(invoice.subtotal).toBe(settlement!.factura_mxn);
  });

  it('makes a withdrawal contract receivable and an injection contract payable', async () => {
    const sale = await draftedInvoice(t, w, { tipo_transaccion: 'R' });
    const purchase = await draftedInvoice(t, w, { tipo_transaccion: 'I' });
    expect(sale.sentido).toBe('cobrar');
    expect(purchase.sentido).toBe('pagar');
  });

  it('drafts a DF whose amount is negative (a CFD) as a credit note of positive amounts, without origin', async () => {
    const { annex } = await contractWithAnnex(t, w, { tipo_contrato: 'CFD' });
    const note = await draft(w, await insertSettlement(t, annex, { rows: [{ energia: '-500.00', potencia: '0', fisica: '5' }] }));
    expect(note).toMatchObject({ tipo_documento: 'nota_credito', factura_origen_id: null, subtotal: '500.00', iva: '60.00', total: '560.00', energia_mwh: '-5', precio_unitario: null });
    expect(linesOf(note)).toEqual(['energia=500.00']);
  });
});

describe('POST /facturacion/api/v1/borradores: notes of a reconciliation (CD)', () => {
  it('drafts a debit note of what a CD adds and a credit note of what the next one takes away, both naming the DF invoice', async () => {
    const { annex } = await contractWithAnnex(t, w);
    const invoice = await draft(w, await insertSettlement(t, annex, { rows: TWO_ROWS }));
    // CD1: row 2's energy +100.00 over one more MWh, its power -10.00: +90.00 in all.
    const cd1Rows = [TWO_ROWS[0]!, { energia: '1000.03', potencia: '90.00', fisica: '10' }];
    const debit = await draft(w, await insertSettlement(t, annex, { version: 'CD', reconciliacion: 1, rows: cd1Rows }));
    expect(debit).toMatchObject({
      tipo_documento: 'nota_debito',
      factura_origen_id: invoice.id,
      version_liquidacion: 'CD',
      subtotal: '90.00',
      iva: '10.80',
      total: '100.80',
      energia_mwh: '1',
      precio_unitario: '100.0000',
    });
    expect(linesOf(debit)).toEqual(['energia=100.00', 'potencia=-10.00']);
    expect(debit.descripcion).toContain('CD1');

    // CD2 against CD1: row 2's energy -300.00.
    const cd2Rows = [TWO_ROWS[0]!, { energia: '700.03', potencia: '90.00', fisica: '10' }];
    const credit = await draft(w, await insertSettlement(t, annex, { version: 'CD', reconciliacion: 2, rows: cd2Rows }));
    expect(credit).toMatchObject({ tipo_documento: 'nota_credito', factura_origen_id: invoice.id, subtotal: '300.00', iva: '36.00', total: '336.00', energia_mwh: '0', precio_unitario: null });
    expect(linesOf(credit)).toEqual(['energia=300.00']);
  });

  it('refuses a CD whose settlement before has no document yet, and a CD that changes nothing', async () => {
    const { annex } = await contractWithAnnex(t, w);
    const df = await insertSettlement(t, annex, { rows: TWO_ROWS });
    const same = await insertSettlement(t, annex, { version: 'CD', reconciliacion: 1, rows: TWO_ROWS });
    expectError(await postDraft(same), 409, 'APP_ERR_INVOICE_PREVIOUS_MISSING');
    await draft(w, df);
    expectError(await postDraft(same), 409, 'APP_ERR_INVOICE_NOTHING_TO_CORRECT');
  });
});

describe('POST /facturacion/api/v1/borradores: refusals', () => {
  it('refuses an unknown settlement (404), a PE, a settlement not validated, and a second document of one settlement (409)', async () => {
    await ensurePeople(t, w);
    const { annex } = await contractWithAnnex(t, w);
    expectError(await postDraft(2_000_000), 404, 'APP_ERR_SETTLEMENT_NOT_FOUND');
    const pe = await insertSettlement(t, annex, { version: 'PE', rows: TWO_ROWS, validated: false });
    expectError(await postDraft(pe), 409, 'APP_ERR_INVOICE_SETTLEMENT_PRELIMINARY');
    const preliminary = await insertSettlement(t, annex, { mes: 3, rows: TWO_ROWS, validated: false });
    expectError(await postDraft(preliminary), 409, 'APP_ERR_INVOICE_SETTLEMENT_NOT_VALIDATED');
    const df = await insertSettlement(t, annex, { rows: TWO_ROWS });
    await draft(w, df);
    expectError(await postDraft(df), 409, 'APP_ERR_INVOICE_EXISTS');
  });

  it('lets one of two concurrent drafts of a settlement through; the other hears it has one', async () => {
    const { annex } = await contractWithAnnex(t, w);
    const df = await insertSettlement(t, annex, { rows: TWO_ROWS });
    const answers = await Promise.all([postDraft(df), postDraft(df), postDraft(df)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((one) => one.statusCode === 409)) expect(answer.json().code).toBe('APP_ERR_INVOICE_EXISTS');
    const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from facturas where liquidacion_id = ${df}`);
    expect(row!.n).toBe(1);
  });

  it('refuses a month without a VAT rate for the country, and a Mexican settlement without an exchange rate', async () => {
    const { annex } = await contractWithAnnex(t, w, { sucursal: 'US' });
    const df = await insertSettlement(t, annex, { rows: TWO_ROWS });
    // The US rate starts after the month: there is none in force on its last day.
    await t.db.execute(sql`update tasas_iva set vigente_desde = '2025-03-01' where pais = 'US'`);
    try {
      expectError(await postDraft(df), 409, 'APP_ERR_INVOICE_VAT_RATE_MISSING');
    } finally {
      await t.db.execute(sql`update tasas_iva set vigente_desde = '2000-01-01' where pais = 'US'`);
    }
    expect((await postDraft(df)).statusCode).toBe(201);

    const mxn = await contractWithAnnex(t, w, { sucursal: 'MX', moneda: 'MXN' });
    expectError(await postDraft(await insertSettlement(t, mxn.annex, { rows: TWO_ROWS })), 409, 'APP_ERR_INVOICE_EXCHANGE_RATE_MISSING');
    const usd = await contractWithAnnex(t, w, { sucursal: 'MX' });
    expectError(await postDraft(await insertSettlement(t, usd.annex, { rows: TWO_ROWS })), 409, 'APP_ERR_INVOICE_EXCHANGE_RATE_MISSING');
  });

  it('answers 400 with details, 401 without a token and 403 without the facturacion view key', async () => {
    await ensurePeople(t, w);
    for (const payload of [{}, { liquidacion_id: 0 }, { liquidacion_id: '1' }, { liquidacion_id: 1, extra: true }]) {
      const response = await w.as(REQUESTER, { method: 'POST', url: `${BASE}/borradores`, payload });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(response.json().details.length, JSON.stringify(payload)).toBeGreaterThan(0);
    }
    expectError(await t.app.inject({ method: 'POST', url: `${BASE}/borradores`, payload: { liquidacion_id: 1 } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await postDraft(1, NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('GET /facturacion/api/v1/get/{id}', () => {
  it('answers the invoice with its lines and payments; 404 for none, 400 for a bad id, 401, 403', async () => {
    await ensurePeople(t, w);
    const invoice = await draftedInvoice(t, w);
    expect(await readInvoice(w, invoice.id)).toEqual(invoice);
    expectError(await w.as(REQUESTER, { method: 'GET', url: `${BASE}/get/2000000` }), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expectError(await w.as(REQUESTER, { method: 'GET', url: `${BASE}/get/abc` }), 400, 'APP_ERR_REQUEST_INVALID');
    expectError(await t.app.inject({ method: 'GET', url: `${BASE}/get/${invoice.id}` }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as(NO_KEY, { method: 'GET', url: `${BASE}/get/${invoice.id}` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('GET /facturacion/api/v1/facturas', () => {
  it('lists the invoices the filters select, a page at a time, with their totals per status and currency', async () => {
    await ensurePeople(t, w);
    const list = async (query: string) => {
      const response = await w.as(NO_VALIDATE, { method: 'GET', url: `${BASE}/facturas?anio=2025&mes=4&${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as InvoicePage;
    };
    expect(await list('')).toEqual({ data: [], total: 0, totales: [] });

    const make = async (overrides: Record<string, unknown>) => {
      const { annex } = await contractWithAnnex(t, w, overrides);
      return draft(w, await insertSettlement(t, annex, { mes: 4, rows: overrides.moneda === 'MXN' ? TWO_MX_ROWS : TWO_ROWS }));
    };
    const gt = await make({ tipo_transaccion: 'R' });
    const sv = await make({ sucursal: 'SV' });
    const mx = await make({ sucursal: 'MX', moneda: 'MXN' });
    expect((await requestBatch(w, [sv.id])).statusCode).toBe(200);

    const all = await list('');
    expect(all.total).toBe(3);
    expect(new Set(all.data.map((item: Invoice) => item.id))).toEqual(new Set([gt.id, sv.id, mx.id]));
    // What we are owed never added to what we owe: receivable first, then payable.
    expect(all.totales).toEqual([
      { sentido: 'cobrar', estado: 'GUARDADO', moneda: 'USD', cantidad: 1, total: gt.total, saldo: gt.total },
      { sentido: 'pagar', estado: 'GUARDADO', moneda: 'MXN', cantidad: 1, total: mx.total, saldo: mx.total },
      { sentido: 'pagar', estado: 'SOLICITADO', moneda: 'USD', cantidad: 1, total: sv.total, saldo: sv.total },
    ]);
    expect((await list('pais=SV')).data.map((item) => item.id)).toEqual([sv.id]);
    expect((await list('estado=GUARDADO')).total).toBe(2);
    expect((await list('moneda=MXN')).data.map((item) => item.id)).toEqual([mx.id]);
    expect((await list('sentido=cobrar')).data.map((item) => item.id)).toEqual([gt.id]);
    expect((await list(`empresa_id=${gt.empresa_id}`)).data.map((item) => item.id)).toEqual([gt.id]);
    expect((await list(`liquidacion_id=${mx.liquidacion_id}`)).data.map((item) => item.id)).toEqual([mx.id]);
    expect((await list('tipo_documento=nota_debito')).total).toBe(0);
    const first = await list('por_pagina=2&pagina=1');
    const second = await list('por_pagina=2&pagina=2');
    expect(first.data).toHaveLength(2);
    expect(second.data).toHaveLength(1);
    expect(second.totales).toEqual(all.totales);

    // A credit note (here of a CFD month that the buyer is paid) takes away from its status's sum.
    const { annex: cfd } = await contractWithAnnex(t, w, { tipo_contrato: 'CFD', tipo_transaccion: 'R' });
    const credit = await draft(w, await insertSettlement(t, cfd, { mes: 4, rows: [{ energia: '-500.00', potencia: '0', fisica: '5' }] }));
    expect(credit).toMatchObject({ tipo_documento: 'nota_credito', total: '560.00' });
    const receivable = (await list('sentido=cobrar')).totales;
    expect(receivable).toEqual([
      { sentido: 'cobrar', estado: 'GUARDADO', moneda: 'USD', cantidad: 2, total: subtractDecimals(gt.total, credit.total), saldo: subtractDecimals(gt.total, credit.total) },
    ]);
    expect((await list(`tipo_documento=factura`)).total).toBe(3);
  });

  it('refuses a filter out of bounds or unknown (400 with details), and callers without the view key', async () => {
    for (const query of ['por_pagina=201', 'pagina=0', 'mes=13', 'estado=PAGADO', 'moneda=EUR', 'pais=gt', 'orden=1']) {
      const response = await w.as(REQUESTER, { method: 'GET', url: `${BASE}/facturas?${query}` });
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
    }
    expectError(await t.app.inject({ method: 'GET', url: `${BASE}/facturas` }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await w.as(NO_KEY, { method: 'GET', url: `${BASE}/facturas` }), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('PATCH /facturacion/api/v1/facturas/{id}', () => {
  it('edits the draft and recomputes its amounts to the cent, with its audit row', async () => {
    await ensurePeople(t, w);
    const invoice = await draftedInvoice(t, w);
    const response = await patch(invoice.id, { descripcion: ' Energía de febrero ', descuento_pct: '2.5', ajuste: '-15.37', version: 1 }, NO_VALIDATE);
    expect(response.statusCode, response.body).toBe(200);
    // 10000.05 x 2.5 % = 250.00125 -> 250.00; base 9734.68; VAT 12 % = 1168.1616 -> 1168.16.
    expect(response.json().data).toMatchObject({
      descripcion: 'Energía de febrero',
      subtotal: '10000.05',
      descuento_pct: '2.5',
      descuento: '250.00',
      ajuste: '-15.37',
      iva: '1168.16',
      total: '10902.84',
      version: 2,
      updated_by: NO_VALIDATE,
    });
    const [audit] = (await auditRows(t, 'invoice.update')).filter((row) => row.entity_id === String(invoice.id));
    expect(audit).toMatchObject({ before: { total: '11200.06' }, after: { total: '10902.84' } });

    // The amounts not sent stay: only the description changes, the discount is kept.
    const again = await patch(invoice.id, { descripcion: 'Otra', version: 2 });
    expect(again.json().data).toMatchObject({ descripcion: 'Otra', descuento_pct: '2.5', total: '10902.84', version: 3 });
  });

  it('refuses a stale version (409), a total below 0 beside the adjustment (400), and any edit once requested (409)', async () => {
    const invoice = await draftedInvoice(t, w);
    expectError(await patch(invoice.id, { descripcion: 'x', version: 7 }), 409, 'APP_ERR_RECORD_STALE');
    const negative = await patch(invoice.id, { ajuste: '-11000.00', version: 1 });
    expectError(negative, 400, 'APP_ERR_REQUEST_INVALID');
    expect(negative.json().details).toEqual([expect.objectContaining({ instancePath: '/ajuste' })]);
    // Down to exactly 0 is a document of nothing, not below it.
    expect((await patch(invoice.id, { ajuste: '-10000.05', version: 1 })).json().data).toMatchObject({ iva: '0.00', total: '0.00' });
    expect((await readInvoice(w, invoice.id)).version).toBe(2);

    const requested = await invoiceIn(t, w, 'SOLICITADO');
    expectError(await patch(requested.id, { descripcion: 'x', version: requested.version }), 409, 'APP_ERR_INVOICE_NOT_DRAFT');
  });

  it('answers 400 with details for a body out of bounds, 404, 401 and 403', async () => {
    await ensurePeople(t, w);
    const invoice = await draftedInvoice(t, w);
    for (const [payload, field] of [
      [{ descuento_pct: '100.01', version: 1 }, 'descuento_pct'],
      [{ ajuste: '1.001', version: 1 }, 'ajuste'],
      [{ descripcion: 'x'.repeat(501), version: 1 }, 'descripcion'],
      [{ descripcion: 'x' }, 'version'],
      [{ version: 1 }, ''],
      [{ estado: 'CONCILIADO', version: 1 }, ''],
    ] as const) {
      const response = await patch(invoice.id, payload);
      expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
      expect(JSON.stringify(response.json().details), JSON.stringify(payload)).toContain(field);
    }
    expectError(await patch(2_000_000, { descripcion: 'x', version: 1 }), 404, 'APP_ERR_INVOICE_NOT_FOUND');
    expectError(await t.app.inject({ method: 'PATCH', url: `${BASE}/facturas/${invoice.id}`, payload: { descripcion: 'x', version: 1 } }), 401, 'APP_ERR_AUTH_UNAUTHENTICATED');
    expectError(await patch(invoice.id, { descripcion: 'x', version: 1 }, NO_KEY), 403, 'APP_ERR_AUTH_FORBIDDEN');
  });
});

describe('the stored amounts', () => {
  /** A whole number of cents as a decimal string ("-1537" -> "-15.37"). */
  const centsText = (n: number) => `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, '0')}`;
  const cents = (max: number) => fc.integer({ min: 0, max }).map(centsText);
  const signedCents = fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }).map(centsText);
  const percent = fc.integer({ min: 0, max: 1_000_000 }).map((n) => `${Math.floor(n / 10_000)}.${String(n % 10_000).padStart(4, '0')}`);

  it('satisfy the database check for any subtotal, discount, adjustment and rate: total = subtotal - discount + adjustment + VAT', async () => {
    const invoice = await draftedInvoice(t, w);
    await fc.assert(
      fc.asyncProperty(cents(10_000_000_000), percent, signedCents, percent, async (subtotal, descuento_pct, ajuste, tasa_iva) => {
        const amounts = invoiceAmounts({ subtotal, descuento_pct, ajuste, tasa_iva });
        expect(amounts.total).toBe(addDecimals(addDecimals(subtractDecimals(subtotal, amounts.descuento), ajuste), amounts.iva));
        const write = t.db.execute(sql`update facturas set subtotal = ${subtotal}, descuento_pct = ${descuento_pct}, descuento = ${amounts.descuento},
            ajuste = ${ajuste}, tasa_iva = ${tasa_iva}, iva = ${amounts.iva}, total = ${amounts.total} where id = ${invoice.id}`);
        // The database holds the same rule: it stores what is not below 0, and refuses the rest.
        if (isTotalNonNegative(amounts)) await write;
        else expect(await write.then(() => null, pgRefusalOf)).toBe('check');
      }),
      { numRuns: 150 },
    );
  });

  it('are those the draft form previews for any discount and adjustment the route accepts', async () => {
    const invoice = await draftedInvoice(t, w);
    let version = invoice.version;
    await fc.assert(
      fc.asyncProperty(percent, fc.integer({ min: -1_200_000, max: 500_000 }).map(centsText), async (descuento_pct, ajuste) => {
        const expected = invoiceAmounts({ subtotal: invoice.subtotal, descuento_pct, ajuste, tasa_iva: invoice.tasa_iva! });
        const response = await patch(invoice.id, { descuento_pct, ajuste, version });
        if (!isTotalNonNegative(expected)) return expectError(response, 400, 'APP_ERR_REQUEST_INVALID');
        expect(response.statusCode, response.body).toBe(200);
        version += 1;
        expect(response.json().data).toMatchObject({ descuento: expected.descuento, iva: expected.iva, total: expected.total });
      }),
      { numRuns: 40 },
    );
  });
});
