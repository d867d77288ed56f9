// What invoicing decides, in the server's words. The lifecycle is the shared machine's
// (`invoiceTransition`, on the facts the store reads; a refusal is its catalogue code), as the
// settlements area asks the settlement machine. Drafting's arithmetic (docs/invoicing.md,
// "Drafting") is here too: which document a validated settlement gives, and its lines.
import { invoiceAmounts, isTotalNonNegative, type InvoiceAmounts } from '../../machines/invoicing/invoice-amounts';
import { invoiceTransition } from '../../machines/invoicing/invoice.machine';
import {
  INVOICE_DATE_PROBLEMS,
  type InvoiceCommand,
  type InvoiceDateProblem,
  type InvoiceFacts,
  type InvoiceState,
  type InvoiceUser,
} from '../../machines/invoicing/invoice-rules';
import { addDecimals, compareDecimals, subtractDecimals } from '../../schemas/exact-decimal';
import { INVOICE_LINE_CONCEPTS, type InvoiceKind, type InvoiceLineConcept } from '../../schemas/invoice.schema';
import { mayPerform } from '../authz/authorize';
import type { Caller } from '../authz/caller';
import { AppErrors, errorForCode, invalidRequest } from '../errors/catalogue';
import { hasPermission } from '../plugins/auth';
import type { SettlementToInvoice } from '../settlements/store';

/** Issuing makes the money final as validating a settlement does: the same grant (docs/invoicing.md). */
const ISSUE_ACTION = { page: 'Settlements', action: 'validate' } as const;

/** The caller as the invoice machine sees them, for a document of country `pais`: roles act in their own country. */
export function invoiceUserOf({ user, role }: Caller, pais: string): InvoiceUser {
  return { email: user.email, mayInvoice: hasPermission(user, 'facturacion'), mayIssue: mayPerform(user, role, ISSUE_ACTION, pais) };
}

/**
 * The status `command` leads `invoice` to for `user`, or the catalogue error of the machine's
 * refusal: `refused(error)` may add to it (which field a refusal is about) before it is thrown.
 */
export function assertInvoiceTransition(
  invoice: InvoiceFacts,
  command: InvoiceCommand,
  user: InvoiceUser,
  refused: (error: Error, code: string) => Error = (error) => error,
): InvoiceState {
  const verdict = invoiceTransition(invoice, command, user);
  if (!verdict.allowed) throw refused(errorForCode(verdict.code), verdict.code);
  return verdict.estado;
}

/** The English fallback of each date problem; the page shows `invoicing.dates.<problem>`. */
const DATE_PROBLEM_MESSAGES: Record<InvoiceDateProblem, string> = {
  [INVOICE_DATE_PROBLEMS.future]: 'must not be after today (America/Guatemala)',
  [INVOICE_DATE_PROBLEMS.beforeMonth]: "must not be before the first day of the settlement's month",
  [INVOICE_DATE_PROBLEMS.beforeIssue]: "must not be before the invoice's issue date",
};

/** A 400 beside `/fecha` for a date an issue or a payment may not carry (`issueDateProblem`, `paymentDateProblem`). */
export function assertInvoiceDate(problem: InvoiceDateProblem | null): void {
  if (problem) throw invalidRequest([{ instancePath: '/fecha', keyword: problem, message: DATE_PROBLEM_MESSAGES[problem] }]);
}

/** The amounts of a draft as edited; a 400 beside `ajuste` when they would take the total below 0. */
export function editedAmounts(fields: Parameters<typeof invoiceAmounts>[0]): InvoiceAmounts {
  const amounts = invoiceAmounts(fields);
  if (!isTotalNonNegative(amounts)) {
    throw invalidRequest([{ instancePath: '/ajuste', keyword: 'totalNonNegative', message: 'the adjustment may not take the total below 0' }]);
  }
  return amounts;
}

/** A settlement's amounts in the document's currency, by line, and what they add up to. */
interface SettlementAmounts {
  lines: Record<InvoiceLineConcept, string>;
  /** The settlement's invoice amount (`factura`, or `factura_mxn` for an MXN contract). */
  amount: string;
  mwh: string;
}

/**
 * The settlement's lines in the contract's currency. MXN lines are the rows' MXN parts summed;
 * the take-or-pay line in MXN is what the engine added to them (`factura_mxn` is their exact
 * sum plus the TOP line converted), so the lines add up to `factura_mxn` exactly.
 */
function amountsOf(settlement: SettlementToInvoice, moneda: 'USD' | 'MXN'): SettlementAmounts {
  if (moneda === 'MXN') {
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

/** Refuses drafting from `settlement` unless it is a validated DF or CD (the first refusals, before anything else is read). */
export function assertDraftable(settlement: SettlementToInvoice | null): asserts settlement is SettlementToInvoice {
  if (!settlement) throw new AppErrors.settlementNotFound();
  if (settlement.version_liquidacion === 'PE') throw new AppErrors.invoiceSettlementPreliminary();
  if (settlement.estado !== 'validada') throw new AppErrors.invoiceSettlementNotValidated();
}

/** The document a settlement gives: its kind, its non-zero lines, its subtotal and energy, all positive. */
interface DraftDocument {
  kind: InvoiceKind;
  lines: { concepto: InvoiceLineConcept; monto: string }[];
  subtotal: string;
  energiaMwh: string;
}

/**
 * The document of `settlement` in `moneda`: a DF's whole amount, a CD's difference against
 * `previous` (the settlement it corrects). Refuses a CD that invoices what the one before did.
 */
export function draftDocument(settlement: SettlementToInvoice, previous: SettlementToInvoice | null, moneda: 'USD' | 'MXN'): DraftDocument {
  const before = previous ? amountsOf(previous, moneda) : NOTHING;
  const current = amountsOf(settlement, moneda);
  const difference = subtractDecimals(current.amount, before.amount);
  const sign = compareDecimals(difference, '0');
  if (settlement.version_liquidacion === 'CD' && sign === 0) throw new AppErrors.invoiceNothingToCorrect();
  const kind: InvoiceKind = sign < 0 ? 'nota_credito' : settlement.version_liquidacion === 'CD' ? 'nota_debito' : 'factura';
  // Amounts are positive: a credit note's kind says which way it goes.
  const inDirection = (value: string) => (sign < 0 ? subtractDecimals('0', value) : value);

  const lines = INVOICE_LINE_CONCEPTS.map((concepto) => ({ concepto, monto: inDirection(subtractDecimals(current.lines[concepto], before.lines[concepto])) }))
    .filter((line) => compareDecimals(line.monto, '0') !== 0);
  const subtotal = inDirection(difference);
  const linesSum = lines.reduce((sum, line) => addDecimals(sum, line.monto), '0');
  // The engine writes the totals as exact sums; lines that do not add up are a bug to hear of.
  if (compareDecimals(linesSum, subtotal) !== 0) throw new Error(`settlement ${settlement.id}: lines ${linesSum} do not add up to ${subtotal}`);
  return { kind, lines, subtotal, energiaMwh: inDirection(subtractDecimals(current.mwh, before.mwh)) };
}

/** The MXN per USD rate a document of `sucursal` carries: a Mexican one needs the settlement's. */
export function exchangeRateOf(settlement: SettlementToInvoice, sucursal: string): string {
  if (sucursal !== 'MX') return '1';
  if (settlement.tipo_cambio === null) throw new AppErrors.invoiceExchangeRateMissing();
  return settlement.tipo_cambio;
}

/** What a document says it is for, as data (the documents of the region are in Spanish); the draft may change it. */
export function defaultDescription(kind: InvoiceKind, settlement: SettlementToInvoice, codigoContraparte: string): string {
  const month = `${String(settlement.mes).padStart(2, '0')}/${settlement.anio}`;
  const contract = `contrato ${codigoContraparte}`;
  if (settlement.version_liquidacion === 'DF') {
    return kind === 'factura'
      ? `Energía, potencia y cargos de ${month}, ${contract} (liquidación DF)`
      : `Nota de crédito de ${month}, ${contract}: liquidación DF a favor de la contraparte`;
  }
  const before = settlement.reconciliacion === 1 ? 'la liquidación DF' : `la conciliación CD${settlement.reconciliacion - 1}`;
  const note = kind === 'nota_debito' ? 'Nota de débito' : 'Nota de crédito';
  return `${note} de ${month}, ${contract}: conciliación CD${settlement.reconciliacion} frente a ${before}`;
}
