// The cash flow of a range as an Excel workbook in the house style (server/files/workbook.ts):
// the weeks per currency after the opening position, the open items per branch, and every
// expected receipt and payment of the range with where it comes from, in the language asked,
// dates as Excel dates. Amounts are the API's.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import type { CashFlowBranch, CashFlowItem, CashFlowRange, CashFlowRangeQuery } from '../../schemas/accounting.schema';
import { dateColumn, dateOf, MONEY_FORMAT, numberOf, startWorkbook, type ExcelLanguage } from '../files/workbook';

const money = (key: string) => ({ key, width: 16, style: { numFmt: MONEY_FORMAT } });

/** What the workbook shows: the range's weeks, the branches (every open item) and the range's items. */
interface CashFlowWorkbookData {
  range: CashFlowRange;
  branches: CashFlowBranch[];
  items: CashFlowItem[];
}

/** Writes the workbook (everything read before the first byte) to `out`, ending it. */
export async function writeCashFlowWorkbook(out: Writable, data: CashFlowWorkbookData, query: CashFlowRangeQuery, language: ExcelLanguage): Promise<void> {
  const locale = CATALOGUES[language];
  const words = locale.accounting;
  const excel = words.excel;
  const currency: [string, string] = [excel.currency, query.moneda ?? excel.all];
  const header: Array<[string, string | Date | null]> = [
    [excel.cashFlowTitle, excel.dueRange],
    [excel.from, dateOf(query.desde)],
    [excel.to, dateOf(query.hasta)],
    currency,
  ];
  const workbook = startWorkbook(out);

  const weeks = workbook.addSheet({
    name: excel.weeksSheet,
    header,
    columns: [{ key: 'moneda', width: 8 }, { key: 'semana', width: 18 }, dateColumn('inicio'), money('ingresos'), money('egresos'), money('neto'), money('acumulado')],
    titles: [excel.currency, excel.week, excel.weekStart, words.series.ingresos, words.series.egresos, words.series.neto, words.series.acumulado],
    frozenColumns: 2,
  });
  for (const opening of data.range.iniciales) {
    // The position the range starts from: what fell due before it and is still open.
    const row = weeks.sheet.addRow({
      moneda: opening.moneda,
      semana: excel.opening,
      ingresos: numberOf(opening.ingresos),
      egresos: numberOf(opening.egresos),
      neto: numberOf(opening.neto),
      acumulado: numberOf(opening.neto),
    });
    row.font = { italic: true };
    row.commit();
    for (const week of data.range.semanas.filter((one) => one.moneda === opening.moneda)) {
      weeks.sheet
        .addRow({
          moneda: week.moneda,
          semana: week.semana,
          inicio: dateOf(week.inicio),
          ingresos: numberOf(week.ingresos),
          egresos: numberOf(week.egresos),
          neto: numberOf(week.neto),
          acumulado: numberOf(week.acumulado),
        })
        .commit();
    }
  }
  weeks.close();

  const branches = workbook.addSheet({
    name: excel.branchesSheet,
    header: [[excel.cashFlowTitle, excel.allOpen], currency],
    columns: [{ key: 'sucursal', width: 18 }, { key: 'moneda', width: 8 }, { key: 'partidas', width: 10 }, money('ingresos'), money('egresos'), money('neto')],
    titles: [excel.branch, excel.currency, excel.items, words.series.ingresos, words.series.egresos, words.series.neto],
  });
  for (const branch of data.branches) {
    const row = branches.sheet.addRow({
      sucursal: branch.sucursal === null ? excel.total : locale.countries[branch.sucursal],
      moneda: branch.moneda,
      partidas: branch.partidas,
      ingresos: numberOf(branch.ingresos),
      egresos: numberOf(branch.egresos),
      neto: numberOf(branch.neto),
    });
    if (branch.sucursal === null) row.font = { bold: true };
    row.commit();
  }
  branches.close();

  const items = workbook.addSheet({
    name: excel.itemsSheet,
    header,
    columns: [
      dateColumn('fecha'),
      { key: 'flujo', width: 12 },
      { key: 'origen', width: 22 },
      { key: 'referencia', width: 16 },
      { key: 'sucursal', width: 16 },
      { key: 'moneda', width: 8 },
      { key: 'empresa', width: 30 },
      { key: 'contrato', width: 16 },
      money('importe'),
    ],
    titles: [excel.dueDate, excel.flow, excel.source, excel.number, excel.branch, excel.currency, excel.company, excel.contract, excel.amount],
  });
  for (const item of data.items) {
    items.sheet
      .addRow({
        fecha: dateOf(item.fecha),
        flujo: words.flows[item.flujo],
        origen: words.sources[item.origen],
        // A document by its number; a settlement not documented yet by its id.
        referencia: item.numero ?? `#${item.origen_id}`,
        sucursal: locale.countries[item.sucursal as keyof typeof locale.countries] ?? item.sucursal,
        moneda: item.moneda,
        empresa: item.razon_social,
        contrato: item.contrato_codigo,
        importe: numberOf(item.importe),
      })
      .commit();
  }
  items.close();
  await workbook.commit();
}
