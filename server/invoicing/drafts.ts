// Drafting the document of a validated settlement (docs/invoicing.md, "Drafting"): a DF gives
// an invoice (a credit note when its amount is negative, a CFD's), a CD gives a note of its
// difference against the validated settlement before it. The lines are the settlement's
// amount columns, so their sum is its invoice amount to the cent; VAT comes from the rates
// table, never from code. One function serves the route and the demo seed, inside the
// caller's transaction.
import { sql } from 'drizzle-orm';
import { invoiceAmounts } from '../../machines/invoicing/invoice-amounts';
import { addDecimals, compareDecimals, divideDecimals, subtractDecimals } from '../../schemas/exact-decimal';
import { INVOICE_LINE_CONCEPTS, type InvoiceKind, type InvoiceLineConcept } from '../../schemas/invoice.schema';
import { UNIT_PRICE_DECIMALS } from '../../i18n/notation';
import { queryRows, type Db } from '../db/client';
import { facturaLineas, facturas } from '../db/schema/invoicing';
import { createStamp } from '../db/versioned';
import { AppErrors } from '../errors/catalogue';

/** A settlement's amounts in the document's currency, by line, and what they add up to. */
interface SettlementAmounts {
  lines: Record<InvoiceLineConcept, string>;
  /** The settlement's invoice amount (`factura`, or `factura_mxn` for an MXN contract). */
  amount: string;
  mwh: string;
}

/** The settlement to draft from, its contract and company, and its rows' MXN sums and last rate. */
interface SettlementRead {
  id: number;
  contrato_id: number;
  anio: number;
  mes: number;
  version_liquidacion: 'PE' | 'DF' | 'CD';
  reconciliacion: number;
  estado: 'preliminar' | 'validada';
  energia_total_mwh: string;
  liquidacion_energia: string;
  liquidacion_potencia: string;
  fee: string;
  cargos_mmi: string;
  cargos_mmr: string;
  take_or_pay: string;
  factura: string;
  factura_mxn: string | null;
  energia_mxn: string;
  potencia_mxn: string;
  fee_mxn: string;
  cargos_mmi_mxn: string;
  cargos_mmr_mxn: string;
  filas_factura_mxn: string;
  /** MXN per USD of the settlement's last row (null without rows or outside Mexico). */
  tipo_cambio: string | null;
  sucursal: string;
  moneda: 'USD' | 'MXN';
  tipo_transaccion: 'I' | 'R';
  codigo_contraparte: string;
  incoterm: string;
  dias_credito: number;
  tipo_credito: 'dias_calendario' | 'dias_habiles' | null;
  empresa_id: number;
  razon_social: string;
  nit: string;
  direccion_legal: string;
}

/** The settlement `id` with what a document copies, read after locking it; null when none. */
async function readSettlement(tx: Db, id: number): Promise<SettlementRead | null> {
  const [row] = await queryRows<SettlementRead>(
    tx,
    sql`select l."id", l."contrato_id", l."anio", l."mes", l."version_liquidacion", l."reconciliacion", l."estado",
          l."energia_total_mwh"::text, l."liquidacion_energia"::text, l."liquidacion_potencia"::text, l."fee"::text,
          l."cargos_mmi"::text, l."cargos_mmr"::text, l."take_or_pay"::text, l."factura"::text, l."factura_mxn"::text,
          f."energia_mxn", f."potencia_mxn", f."fee_mxn", f."cargos_mmi_mxn", f."cargos_mmr_mxn", f."filas_factura_mxn",
          (select r."tipo_cambio"::text from "liquidacion_filas" r where r."liquidacion_id" = l."id"
            order by r."fecha" desc, r."periodo" desc, r."anexo_id" desc limit 1) as tipo_cambio,
          c."sucursal", c."moneda", c."tipo_transaccion", c."codigo_contraparte", c."incoterm", c."dias_credito",
          c."tipo_credito", c."empresa_id", e."razon_social", e."nit", e."direccion_legal"
        from "liquidaciones" l
        join "contratos" c on c."id" = l."contrato_id"
        join "empresas" e on e."id" = c."empresa_id"
        cross join lateral (
          select coalesce(sum(r."liquidacion_energia_mxn"), 0)::text as energia_mxn,
                 coalesce(sum(r."liquidacion_potencia_mxn"), 0)::text as potencia_mxn,
                 coalesce(sum(r."fee_mxn"), 0)::text as fee_mxn,
                 coalesce(sum(r."cargos_mmi_mxn"), 0)::text as cargos_mmi_mxn,
                 coalesce(sum(r."cargos_mmr_mxn"), 0)::text as cargos_mmr_mxn,
                 coalesce(sum(r."factura_mxn"), 0)::text as filas_factura_mxn
          from "liquidacion_filas" r where r."liquidacion_id" = l."id") f
        where l."id" = ${id}`,
  );
  return row ?? null;
}

/**
 * The settlement's lines in the contract's currency. MXN lines are the rows' MXN parts summed;
 * the take-or-pay line in MXN is what the engine added to them (`factura_mxn` is their exact
 * sum plus the TOP line converted), so the lines add up to `factura_mxn` exactly.
 */
function amountsOf(settlement: SettlementRead): SettlementAmounts {
  if (settlement.moneda === 'MXN') {
    if (settlement.factura_mxn === null) throw new AppErrors.invoiceExchangeRateMissing();
    return {
      lines: {
        energia: settlement.energia_mxn,
        potencia: settlement.potencia_mxn,
        fee: settlement.fee_mxn,
        cargos_mmi: settlement.cargos_mmi_mxn,
        cargos_mmr: settlement.cargos_mmr_mxn,
        take_or_pay: subtractDecimals(settlement.factura_mxn, settlement.filas_factura_mxn),
      },
      amount: settlement.factura_mxn,
      mwh: settlement.energia_total_mwh,
    };
  }
  return {
    lines: {
      energia: settlement.liquidacion_energia,
      potencia: settlement.liquidacion_potencia,
      fee: settlement.fee,
      cargos_mmi: settlement.cargos_mmi,
      cargos_mmr: settlement.cargos_mmr,
      take_or_pay: settlement.take_or_pay,
    },
    amount: settlement.factura,
    mwh: settlement.energia_total_mwh,
  };
}

const NOTHING: SettlementAmounts = {
  lines: { energia: '0', potencia: '0', fee: '0', cargos_mmi: '0', cargos_mmr: '0', take_or_pay: '0' },
  amount: '0',
  mwh: '0',
};

/** The settlement a CD corrects: the DF for the first reconciliation, else the CD before it. */
async function previousSettlementId(tx: Db, cd: SettlementRead): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select "id" from "liquidaciones"
        where "contrato_id" = ${cd.contrato_id} and "anio" = ${cd.anio} and "mes" = ${cd.mes}
          and "version_liquidacion" = ${cd.reconciliacion === 1 ? 'DF' : 'CD'} and "reconciliacion" = ${cd.reconciliacion === 1 ? 0 : cd.reconciliacion - 1}`,
  );
  return row?.id ?? null;
}

/** The document of settlement `id`, or null while it has none. */
async function documentOf(tx: Db, liquidacionId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(tx, sql`select "id" from "facturas" where "liquidacion_id" = ${liquidacionId}`);
  return row?.id ?? null;
}

/** The document of the DF of a CD's contract and month: the invoice every note of it corrects. */
async function dfDocumentOf(tx: Db, cd: SettlementRead): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select f."id" from "facturas" f join "liquidaciones" l on l."id" = f."liquidacion_id"
        where l."contrato_id" = ${cd.contrato_id} and l."anio" = ${cd.anio} and l."mes" = ${cd.mes} and l."version_liquidacion" = 'DF'`,
  );
  return row?.id ?? null;
}

/** The VAT rate (percent) of `pais` in force on the month's last day, or null when none is. */
async function vatRateOf(tx: Db, pais: string, anio: number, mes: number): Promise<string | null> {
  const [row] = await queryRows<{ tasa: string }>(
    tx,
    sql`with dia as (select (make_date(${anio}, ${mes}, 1) + interval '1 month - 1 day')::date as d)
        select "tasa"::text as tasa from "tasas_iva", dia
        where "pais" = ${pais} and "vigente_desde" <= dia.d and ("vigente_hasta" is null or "vigente_hasta" >= dia.d)`,
  );
  return row?.tasa ?? null;
}

function negated(value: string): string {
  return subtractDecimals('0', value);
}

/** What a document says it is for, as data (the documents of the region are in Spanish); the draft may change it. */
function defaultDescription(kind: InvoiceKind, settlement: SettlementRead): string {
  const month = `${String(settlement.mes).padStart(2, '0')}/${settlement.anio}`;
  const contract = `contrato ${settlement.codigo_contraparte}`;
  if (settlement.version_liquidacion === 'DF') {
    return kind === 'factura'
      ? `Energía, potencia y cargos de ${month}, ${contract} (liquidación DF)`
      : `Nota de crédito de ${month}, ${contract}: liquidación DF a favor de la contraparte`;
  }
  const before = settlement.reconciliacion === 1 ? 'la liquidación DF' : `la conciliación CD${settlement.reconciliacion - 1}`;
  const note = kind === 'nota_debito' ? 'Nota de débito' : 'Nota de crédito';
  return `${note} de ${month}, ${contract}: conciliación CD${settlement.reconciliacion} frente a ${before}`;
}

/**
 * Drafts the invoice or note of the validated settlement `liquidacionId` (GUARDADO) with its
 * lines, inside `tx`, and answers its id. Refusals (catalogue errors): no such settlement; a
 * PE; not validated; it already has its document; a CD whose settlement before has none yet;
 * a CD that invoices what the one before did; no exchange rate for a Mexican document; no VAT
 * rate for the country and month. The settlement is locked first, so two drafts of it take
 * turns and the second hears it has one (the unique key on `liquidacion_id` holds anyway).
 */
export async function draftInvoice(tx: Db, liquidacionId: number, actorEmail: string | null): Promise<number> {
  await tx.execute(sql`select 1 from "liquidaciones" where "id" = ${liquidacionId} for update`);
  const settlement = await readSettlement(tx, liquidacionId);
  if (!settlement) throw new AppErrors.settlementNotFound();
  if (settlement.version_liquidacion === 'PE') throw new AppErrors.invoiceSettlementPreliminary();
  if (settlement.estado !== 'validada') throw new AppErrors.invoiceSettlementNotValidated();
  if ((await documentOf(tx, settlement.id)) !== null) throw new AppErrors.invoiceExists();

  // A CD's document is the difference against the settlement before it, which must be invoiced first.
  let previous = NOTHING;
  let origin: number | null = null;
  if (settlement.version_liquidacion === 'CD') {
    const previousId = await previousSettlementId(tx, settlement);
    if (previousId === null || (await documentOf(tx, previousId)) === null) throw new AppErrors.invoicePreviousMissing();
    previous = amountsOf((await readSettlement(tx, previousId))!);
    origin = await dfDocumentOf(tx, settlement);
  }
  const current = amountsOf(settlement);
  const difference = subtractDecimals(current.amount, previous.amount);
  const sign = compareDecimals(difference, '0');
  if (settlement.version_liquidacion === 'CD' && sign === 0) throw new AppErrors.invoiceNothingToCorrect();
  const kind: InvoiceKind = sign < 0 ? 'nota_credito' : settlement.version_liquidacion === 'CD' ? 'nota_debito' : 'factura';
  // Amounts are positive: a credit note's kind says which way it goes.
  const inDirection = (value: string) => (sign < 0 ? negated(value) : value);

  const lines = INVOICE_LINE_CONCEPTS.map((concepto) => ({ concepto, monto: inDirection(subtractDecimals(current.lines[concepto], previous.lines[concepto])) }))
    .filter((line) => compareDecimals(line.monto, '0') !== 0);
  const subtotal = inDirection(difference);
  const linesSum = lines.reduce((sum, line) => addDecimals(sum, line.monto), '0');
  // The engine writes the totals as exact sums; lines that do not add up are a bug to hear of.
  if (compareDecimals(linesSum, subtotal) !== 0) throw new Error(`settlement ${settlement.id}: lines ${linesSum} do not add up to ${subtotal}`);

  let tipoCambio = '1';
  if (settlement.sucursal === 'MX') {
    if (settlement.tipo_cambio === null) throw new AppErrors.invoiceExchangeRateMissing();
    tipoCambio = settlement.tipo_cambio;
  }
  const tasaIva = await vatRateOf(tx, settlement.sucursal, settlement.anio, settlement.mes);
  if (tasaIva === null) throw new AppErrors.invoiceVatRateMissing();

  const energiaMwh = inDirection(subtractDecimals(current.mwh, previous.mwh));
  const energyLine = lines.find((line) => line.concepto === 'energia');
  const precioUnitario = energyLine && compareDecimals(energiaMwh, '0') > 0 ? divideDecimals(energyLine.monto, energiaMwh, UNIT_PRICE_DECIMALS) : null;
  const { descuento, iva, total } = invoiceAmounts({ subtotal, descuento_pct: '0', ajuste: '0', tasa_iva: tasaIva });

  const [inserted] = await tx
    .insert(facturas)
    .values({
      tipo_documento: kind,
      // A withdrawal contract is a sale we collect; an injection contract a purchase we pay.
      sentido: settlement.tipo_transaccion === 'R' ? 'cobrar' : 'pagar',
      liquidacion_id: settlement.id,
      factura_origen_id: origin,
      contrato_id: settlement.contrato_id,
      empresa_id: settlement.empresa_id,
      contrato_codigo: settlement.codigo_contraparte,
      razon_social: settlement.razon_social,
      nit: settlement.nit,
      direccion: settlement.direccion_legal,
      incoterm: settlement.incoterm,
      pais: settlement.sucursal as (typeof facturas.$inferInsert)['pais'],
      anio: settlement.anio,
      mes: settlement.mes,
      descripcion: defaultDescription(kind, settlement),
      energia_mwh: energiaMwh,
      precio_unitario: precioUnitario,
      subtotal,
      descuento_pct: '0',
      descuento,
      ajuste: '0',
      tasa_iva: tasaIva,
      iva,
      total,
      moneda: settlement.moneda,
      tipo_cambio: tipoCambio,
      tipo_credito: settlement.tipo_credito,
      dias_credito: settlement.dias_credito,
      ...createStamp(actorEmail),
    })
    .returning({ id: facturas.id });
  const id = inserted!.id;
  if (lines.length > 0) {
    await tx.insert(facturaLineas).values(
      lines.map((line) => ({ factura_id: id, concepto: line.concepto, monto: line.monto, cantidad_mwh: line.concepto === 'energia' ? energiaMwh : null })),
    );
  }
  return id;
}
