// The account statement as an Excel workbook in the house style (server/files/workbook.ts):
// the movements with their running balance, the ageing per account and per currency, and the
// documents still owed, in the language asked, dates as Excel dates. Amounts are the API's,
// exact as the database computed them.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import { AGEING_BUCKETS, type Statement, type StatementQuery } from '../../schemas/accounting.schema';
import { dateColumn as date, dateOf, MONEY_FORMAT, numberOf, startWorkbook, type ExcelLanguage } from '../files/workbook';

const money = (key: string, width = 16) => ({ key, width, style: { numFmt: MONEY_FORMAT } });
const text = (key: string, width: number) => ({ key, width });

/** Writes the workbook of `statement` (read whole before the first byte) to `out`, ending it. */
export async function writeStatementWorkbook(out: Writable, statement: Statement, query: StatementQuery, language: ExcelLanguage): Promise<void> {
  const locale = CATALOGUES[language];
  const words = locale.accounting;
  const excel = words.excel;
  const company = query.empresa_id === undefined ? excel.all : (statement.empresas.find((one) => one.id === query.empresa_id)?.razon_social ?? String(query.empresa_id));
  const header: Array<[string, string | Date | null]> = [
    [excel.statementTitle, words.tipos[statement.tipo]],
    [excel.cutoff, dateOf(statement.fecha_corte)],
    [excel.company, company],
    [excel.currency, query.moneda ?? excel.all],
  ];
  const workbook = startWorkbook(out);

  const movements = workbook.addSheet({
    name: excel.movementsSheet,
    header,
    columns: [text('empresa', 30), text('moneda', 8), date('fecha'), text('concepto', 16), text('numero', 14), text('contrato', 16), date('vencimiento'), text('referencia', 20), money('importe'), money('saldo')],
    titles: [excel.company, excel.currency, excel.date, excel.movement, excel.number, excel.contract, excel.dueDate, excel.reference, excel.amount, excel.balance],
    frozenColumns: 2,
  });
  for (const account of statement.cuentas) {
    for (const line of account.movimientos) {
      movements.sheet
        .addRow({
          empresa: account.razon_social,
          moneda: account.moneda,
          fecha: dateOf(line.fecha),
          concepto: words.movements[line.concepto],
          numero: line.numero,
          contrato: line.contrato_codigo,
          vencimiento: dateOf(line.fecha_vencimiento),
          referencia: line.referencia,
          importe: numberOf(line.importe),
          saldo: numberOf(line.saldo),
        })
        .commit();
    }
  }
  movements.close();

  const ageingColumns = AGEING_BUCKETS.map((bucket) => money(bucket));
  const ageing = workbook.addSheet({
    name: excel.ageingSheet,
    header,
    columns: [text('empresa', 30), text('moneda', 8), ...ageingColumns, money('total')],
    titles: [excel.company, excel.currency, ...AGEING_BUCKETS.map((bucket) => words.buckets[bucket]), words.buckets.total],
    frozenColumns: 2,
  });
  const ageingRow = (empresa: string, moneda: string, values: Statement['totales'][number]['antiguedad']) => ({
    empresa,
    moneda,
    ...Object.fromEntries(AGEING_BUCKETS.map((bucket) => [bucket, numberOf(values[bucket])])),
    total: numberOf(values.total),
  });
  for (const account of statement.cuentas) ageing.sheet.addRow(ageingRow(account.razon_social, account.moneda, account.antiguedad)).commit();
  for (const total of statement.totales) {
    const row = ageing.sheet.addRow(ageingRow(excel.total, total.moneda, total.antiguedad));
    row.font = { bold: true };
    row.commit();
  }
  ageing.close();

  const open = workbook.addSheet({
    name: excel.documentsSheet,
    header,
    columns: [
      text('empresa', 30),
      text('moneda', 8),
      text('numero', 14),
      text('tipo', 16),
      text('contrato', 16),
      date('emision'),
      date('vencimiento'),
      text('dias', 10),
      text('tramo', 16),
      money('total'),
      money('pagado'),
      money('saldo'),
    ],
    titles: [excel.company, excel.currency, excel.number, excel.movement, excel.contract, excel.issueDate, excel.dueDate, excel.daysPastDue, excel.bucket, excel.total, excel.paid, excel.balance],
    frozenColumns: 2,
  });
  for (const account of statement.cuentas) {
    for (const document of account.documentos) {
      open.sheet
        .addRow({
          empresa: account.razon_social,
          moneda: account.moneda,
          numero: document.numero,
          tipo: words.movements[document.tipo_documento],
          contrato: document.contrato_codigo,
          emision: dateOf(document.fecha_emision),
          vencimiento: dateOf(document.fecha_vencimiento),
          dias: Math.max(0, document.dias_vencido),
          tramo: words.buckets[document.tramo],
          total: numberOf(document.total),
          pagado: numberOf(document.pagado),
          saldo: numberOf(document.saldo),
        })
        .commit();
    }
  }
  open.close();
  await workbook.commit();
}
