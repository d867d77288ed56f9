// An invoice's amounts from its subtotal and the draft's discount and adjustment (DOMAIN.md,
// "Invoices and taxes"): the discount is a share of the subtotal, tax is computed once, on the
// invoice (never per settlement row), and every amount is rounded to the cent once. The server
// stores these; the draft form previews them with this same function; a check of the database
// holds the sum.
import { percentOf, subtractDecimals, addDecimals, compareDecimals } from '../../schemas/exact-decimal';

interface InvoiceAmountInputs {
  /** The sum of the lines (the settlement's invoice amount, or a note's difference). */
  subtotal: string;
  /** The discount in percent of the subtotal. */
  descuento_pct: string;
  /** A signed amount the draft adds or takes away before tax. */
  ajuste: string;
  /** The VAT rate in percent (the country's, in force for the month). */
  tasa_iva: string;
}

export interface InvoiceAmounts {
  descuento: string;
  /** What tax is computed on: subtotal - discount + adjustment. */
  base: string;
  iva: string;
  total: string;
}

export function invoiceAmounts({ subtotal, descuento_pct, ajuste, tasa_iva }: InvoiceAmountInputs): InvoiceAmounts {
  const descuento = percentOf(subtotal, descuento_pct);
  const base = addDecimals(subtractDecimals(subtotal, descuento), ajuste);
  const iva = percentOf(base, tasa_iva);
  return { descuento, base, iva, total: addDecimals(base, iva) };
}

/** A document never owes less than nothing: an adjustment may not take the total below 0. */
export function isTotalNonNegative(amounts: Pick<InvoiceAmounts, 'total'>): boolean {
  return compareDecimals(amounts.total, '0') >= 0;
}

/**
 * Whether a document's exchange rate says anything: an MXN document stores the MXN per USD it
 * was settled at; a dollar document elsewhere stores 1, which a reader would only puzzle over.
 * The printable page and the PDF show the rate by this same rule.
 */
export function showsExchangeRate(document: { moneda: string; tipo_cambio?: string | null }): boolean {
  if (!document.tipo_cambio) return false;
  return document.moneda === 'MXN' || compareDecimals(document.tipo_cambio, '1') !== 0;
}
