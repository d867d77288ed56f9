// Demo invoices: the validated final settlements of the demo (demo-settlements.ts)
// drafted into invoices and taken through the lifecycle as people would (the analyst drafts,
// requests and records payments; the supervisor issues: four eyes), so the invoice list, the
// account statements and the cash flow show every status on the first start: of the oldest
// month, reconciled, partly paid and unpaid issued invoices (past due by now); of the next, a sale
// and a purchase issued a few days before the first start, so they fall due in the coming weeks
// and the cash flow's default window (today to 90 days on) has receipts and payments to show,
// then a requested one and drafts. Runs only on the settlements it is handed, the ones the demo
// seed has just validated: a restart adds nothing.
import { addDecimals, compareDecimals, percentOf } from '../../../schemas/exact-decimal';
import { coversTotal, outstandingOf } from '../../../machines/invoicing/invoice-rules';
import { addDays, businessToday } from '../../../schemas/date.schema';
import type { InvoiceDirection, InvoiceState } from '../../../schemas/invoice.schema';
import { storeFile } from '../../files/store';
import { draftFromSettlement } from '../../invoicing/draft-invoice';
import { issueInvoice, lockInvoice, recordPayment, requestInvoices } from '../../invoicing/store';
import type { Db } from '../client';
import { demoPdf, fileTypeId } from './demo-contracts';
import { DEMO_ANALYST, DEMO_SUPERVISOR, DEMO_SV_SALE, seedDemoSettlements } from './demo-settlements';

type Ending = 'conciliada' | 'abonada' | 'emitida' | 'solicitada' | 'borrador';

/**
 * Where each settlement's document ends, by month (oldest first), direction and its place among
 * that month's documents of that direction (in contract order): the story does not hang on how
 * sales and purchases interleave.
 */
const STORY: ReadonlyArray<Record<InvoiceDirection, readonly Ending[]>> = [
  { cobrar: ['abonada', 'emitida', 'emitida'], pagar: ['conciliada', 'conciliada'] },
  { cobrar: ['emitida', 'borrador', 'borrador'], pagar: ['emitida', 'solicitada'] },
];

/** How many days before the first start the newest month's documents were issued: their credit (15 days or more) runs into the coming weeks. */
const RECENT_ISSUE_DAYS = 3;

/** `days` after the first day of the month after (anio, mes), but never after `today` (ISO dates compare as text). */
function dayAfterMonth(anio: number, mes: number, days: number, today: string): string {
  const date = new Date(Date.UTC(anio, mes, 1 + days)).toISOString().slice(0, 10);
  return date > today ? today : date;
}

/** A small e-invoice XML, as the flex-energy document. */
function demoXml(numero: string, total: string, moneda: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<factura numero="${numero}" moneda="${moneda}"><total>${total}</total></factura>\n`, 'utf8');
}

/**
 * Drafts and takes through the lifecycle the documents of `settlementIdsByMonth` (oldest month
 * first), dated from `today` (the company's day of it, `businessToday`): every date obeys the
 * invoice rules (issued not after today nor before the month, paid not before the issue).
 */
export async function seedDemoInvoices(db: Db, settlementIdsByMonth: ReadonlyArray<readonly number[]>, today = new Date()): Promise<number> {
  const day = businessToday(today);
  let made = 0;
  for (const [month, ids] of settlementIdsByMonth.entries()) {
    const newest = month === settlementIdsByMonth.length - 1;
    const places: Record<InvoiceDirection, number> = { cobrar: 0, pagar: 0 };
    for (const liquidacionId of ids) {
      await db.transaction(async (tx) => {
        const id = await draftFromSettlement(tx, liquidacionId, DEMO_ANALYST);
        made += 1;
        const drafted = await lockInvoice(tx, id);
        const ending = STORY[month]?.[drafted.sentido]?.[places[drafted.sentido]++] ?? 'borrador';
        if (ending === 'borrador') return;
        await requestInvoices(tx, [id], DEMO_ANALYST);
        if (ending === 'solicitada') return;
        const invoice = await lockInvoice(tx, id);
        const numero = `${invoice.pais}-${invoice.anio}${String(invoice.mes).padStart(2, '0')}-${String(id).padStart(4, '0')}`;
        const fisica = await storeFile(tx, {
          content: demoPdf([`Factura ${numero}`, invoice.razon_social, `Energia fisica ${invoice.anio}-${invoice.mes}`, `Total ${invoice.total} ${invoice.moneda}`]),
          originalName: `${numero}-fisica.pdf`,
          tipo: fileTypeId('factura_energia_fisica'),
          createdBy: DEMO_SUPERVISOR,
        });
        const flex = await storeFile(tx, {
          content: demoXml(numero, invoice.total, invoice.moneda),
          originalName: `${numero}-flex.xml`,
          tipo: fileTypeId('factura_energia_flex'),
          createdBy: DEMO_SUPERVISOR,
        });
        // The oldest month's soon after it ended; the newest month's a few days ago (never before the month after it).
        const soonAfter = dayAfterMonth(invoice.anio, invoice.mes, 4, day);
        const recent = addDays(day, -RECENT_ISSUE_DAYS);
        const fecha = newest && recent > soonAfter ? recent : soonAfter;
        await issueInvoice(tx, id, { numero, fecha, archivo_fisica: fisica.key, archivo_flex: flex.key }, DEMO_SUPERVISOR);
        if (ending === 'emitida') return;
        // A first payment of part of the total a few weeks later; reconciled ones get the rest too.
        const first = percentOf(invoice.total, '60');
        const payments = ending === 'conciliada' ? [first, outstandingOf({ total: invoice.total, pagado: first })] : [first];
        let pagado = '0';
        for (const [n, monto] of payments.entries()) {
          if (compareDecimals(monto, '0') <= 0) continue;
          const estado: InvoiceState = coversTotal({ total: invoice.total, pagado }, monto) ? 'CONCILIADO' : 'FACTURADO';
          const fechaPago = dayAfterMonth(invoice.anio, invoice.mes, 20 + n * 10, day);
          await recordPayment(tx, id, { fecha: fechaPago < fecha ? fecha : fechaPago, monto, moneda: invoice.moneda, referencia: `TRF-${numero}-${n + 1}` }, estado, DEMO_ANALYST);
          pagado = addDecimals(pagado, monto);
        }
      });
    }
  }
  return made;
}

/**
 * El Salvador's customer (first start only: a restart finds its settlement made and adds
 * nothing): the oldest demo month of a Salvadoran sale settled, invoiced soon after it and partly
 * paid, as that month's first sale (STORY), so El Salvador's balances (`saldo-sv`) show what a
 * customer still owes, past due. Answers the documents made.
 */
export async function seedDemoSvSale(db: Db, today = new Date()): Promise<number> {
  const [oldest = []] = await seedDemoSettlements(db, today, DEMO_SV_SALE, 1);
  // Its month is the oldest of two, not the newest one (issued days before the first start).
  return seedDemoInvoices(db, [oldest, []], today);
}
