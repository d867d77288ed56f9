// Drafting the document of a validated settlement (docs/invoicing.md, "Drafting"): a DF gives
// an invoice (a credit note when its amount is negative, a CFD's), a CD gives a note of its
// difference against the validated settlement before it. The lines are the settlement's
// amount columns, so their sum is its invoice amount to the cent; VAT comes from the rates
// table, never from code. `draftFromSettlement` serves the use case and the demo seed, inside
// the caller's transaction.
import { invoiceAmounts } from '../../machines/invoicing/invoice-amounts';
import { compareDecimals, divideDecimals } from '../../schemas/exact-decimal';
import type { InvoiceDetail } from '../../schemas/invoice.schema';
import { UNIT_PRICE_DECIMALS } from '../../i18n/notation';
import { contractWithParty } from '../contracts/store';
import type { Db } from '../db/client';
import { AppErrors } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { settlementIdOf, settlementToInvoice } from '../settlements/store';
import { assertDraftable, defaultDescription, draftDocument, exchangeRateOf } from './rules';
import * as store from './store';

/**
 * Drafts the invoice or note of the validated settlement `liquidacionId` (GUARDADO) with its
 * lines, inside `tx`, and answers its id. Refusals (catalogue errors): no such settlement; a
 * PE; not validated; it already has its document; a CD whose settlement before has none yet;
 * a CD that invoices what the one before did; no exchange rate for a Mexican document; no VAT
 * rate for the country and month. The settlement is locked first, so two drafts of it take
 * turns and the second hears it has one (the unique key on `liquidacion_id` holds anyway).
 */
export async function draftFromSettlement(tx: Db, liquidacionId: number, actorEmail: string | null): Promise<number> {
  const settlement = await settlementToInvoice(tx, liquidacionId, { lock: true });
  assertDraftable(settlement);
  if ((await store.documentOf(tx, settlement.id)) !== null) throw new AppErrors.invoiceExists();
  const contract = (await contractWithParty(tx, settlement.contrato_id))!;

  // A CD's document is the difference against the settlement before it, which must be invoiced first.
  let previous = null;
  let origin: number | null = null;
  if (settlement.version_liquidacion === 'CD') {
    const { contrato_id, anio, mes, reconciliacion } = settlement;
    const first = reconciliacion === 1;
    const previousId = await settlementIdOf(tx, { contrato_id, anio, mes, version: first ? 'DF' : 'CD', reconciliacion: first ? 0 : reconciliacion - 1 });
    if (previousId === null || (await store.documentOf(tx, previousId)) === null) throw new AppErrors.invoicePreviousMissing();
    previous = await settlementToInvoice(tx, previousId);
    // Every note of a month corrects the invoice of its DF.
    const df = first ? previousId : await settlementIdOf(tx, { contrato_id, anio, mes, version: 'DF', reconciliacion: 0 });
    origin = df === null ? null : await store.documentOf(tx, df);
  }
  const moneda = contract.moneda as 'USD' | 'MXN';
  const { kind, lines, subtotal, energiaMwh } = draftDocument(settlement, previous, moneda);
  const tipoCambio = exchangeRateOf(settlement, contract.sucursal);
  const tasaIva = await store.vatRateOf(tx, contract.sucursal, settlement.anio, settlement.mes);
  if (tasaIva === null) throw new AppErrors.invoiceVatRateMissing();

  const energyLine = lines.find((line) => line.concepto === 'energia');
  const precioUnitario = energyLine && compareDecimals(energiaMwh, '0') > 0 ? divideDecimals(energyLine.monto, energiaMwh, UNIT_PRICE_DECIMALS) : null;
  const { descuento, iva, total } = invoiceAmounts({ subtotal, descuento_pct: '0', ajuste: '0', tasa_iva: tasaIva });

  return store.insertDraft(
    tx,
    {
      tipo_documento: kind,
      // A withdrawal contract is a sale we collect; an injection contract a purchase we pay.
      sentido: contract.tipo_transaccion === 'R' ? 'cobrar' : 'pagar',
      liquidacion_id: settlement.id,
      factura_origen_id: origin,
      contrato_id: settlement.contrato_id,
      empresa_id: contract.empresa_id,
      contrato_codigo: contract.codigo_contraparte,
      razon_social: contract.razon_social,
      nit: contract.nit,
      direccion: contract.direccion_legal,
      incoterm: contract.incoterm,
      pais: contract.sucursal as Parameters<typeof store.insertDraft>[1]['pais'],
      anio: settlement.anio,
      mes: settlement.mes,
      descripcion: defaultDescription(kind, settlement, contract.codigo_contraparte),
      energia_mwh: energiaMwh,
      precio_unitario: precioUnitario,
      subtotal,
      descuento_pct: '0',
      descuento,
      ajuste: '0',
      tasa_iva: tasaIva,
      iva,
      total,
      moneda,
      tipo_cambio: tipoCambio,
      tipo_credito: contract.tipo_credito,
      dias_credito: contract.dias_credito,
    },
    lines,
    actorEmail,
  );
}

/** POST /borradores: the caller drafts the document of a validated settlement. */
export const draftInvoice = useCase<{ liquidacion_id: number }, InvoiceDetail>({
  audit: { action: 'invoice.draft', entity: 'invoice' },
  status: 201,
  // Two drafts of one settlement at once: the unique key lets one through.
  refusals: { unique: () => new AppErrors.invoiceExists() },
  async run(tx, { user }, { liquidacion_id }) {
    const id = await draftFromSettlement(tx, liquidacion_id, user.email);
    return { id, before: null, after: await store.readInvoiceDetail(tx, id) };
  },
});
