// The ERCOT pages as Excel workbooks in the house style (server/files/workbook.ts): the settled
// awards with their totals, a market's prices at several points side by side, and the
// accumulated figures with their running total. In the language asked; operating days as Excel
// dates, each interval's UTC start as an Excel date and time, the hour ending as ERCOT writes it
// ("02", and "02*" for the hour a fall-back day repeats). Figures are the API's.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import type { AccumulatedBody, AccumulatedRow, ErcotMarket, SettledBids, SettledBidsBody, SettledTotals } from '../../schemas/ercot.schema';
import { amountFormat, dateColumn, dateOf, MONEY_FORMAT, numberOf, startSheet, type ExcelLanguage } from '../files/workbook';
import type { PriceInterval } from './store';

type Words = (typeof CATALOGUES)['es-ES']['ercot']['excel'];
type Header = Array<[string, string | number | Date | null]>;

/** The UTC start of an interval: date and time, the zone in the column's title. */
const UTC_FORMAT = 'yyyy-mm-dd hh:mm';

const mw = (key: string) => ({ key, width: 14, style: { numFmt: amountFormat('_mwh') } });
const money = (key: string, width = 14) => ({ key, width, style: { numFmt: MONEY_FORMAT } });
const whole = (key: string) => ({ key, width: 12 });
const text = (key: string, width: number) => ({ key, width });

/** An hour ending as ERCOT writes it: two digits, with a star on the hour a fall-back day repeats. */
const hourEndingText = (hora: number, repetida: boolean) => `${String(hora).padStart(2, '0')}${repetida ? '*' : ''}`;

/** The interval's columns every sheet of intervals starts with: operating day, hour ending, (RTM) interval, UTC start. */
function intervalColumns(words: Words, withInterval: boolean) {
  const columns = [dateColumn('dia_operacion'), text('hora_final', 10), ...(withInterval ? [whole('intervalo')] : []), { key: 'inicio_utc', width: 17, style: { numFmt: UTC_FORMAT } }];
  const titles = [words.columns.dia_operacion, words.columns.hora_final, ...(withInterval ? [words.columns.intervalo] : []), words.columns.inicio_utc];
  return { columns, titles };
}

/** An interval's cells under intervalColumns. */
const intervalCells = (row: { dia_operacion: string; hora_final: number; repetida: boolean; inicio_utc: string; intervalo?: number | null }) => ({
  dia_operacion: dateOf(row.dia_operacion),
  hora_final: hourEndingText(row.hora_final, row.repetida),
  intervalo: row.intervalo ?? null,
  inicio_utc: new Date(row.inicio_utc),
});

/** The header block's first lines: what the sheet is and its range of operating days. */
const rangeHeader = (words: Words, title: string, range: { desde: string; hasta: string }): Header => [
  [title, ''],
  [words.from, dateOf(range.desde)],
  [words.to, dateOf(range.hasta)],
];

/** Writes the settled awards (read whole before the first byte) to `out`, ending with the bold totals of `settled-bids`. */
export async function writeSettledBidsWorkbook(out: Writable, data: SettledBids, body: SettledBidsBody, language: ExcelLanguage): Promise<void> {
  const words = CATALOGUES[language].ercot.excel;
  const interval = intervalColumns(words, false);
  const sheet = startSheet(out, {
    name: words.settledSheet,
    header: [
      ...rangeHeader(words, words.settledTitle, body),
      [words.point, body.punto?.toUpperCase() ?? words.all],
      [words.kind, body.tipo === undefined ? words.all : words.kinds[body.tipo]],
      [words.withoutPrice, data.totales.sin_precio],
      [words.repeatedMark, words.repeatedNote],
    ],
    columns: [
      ...interval.columns,
      text('tipo', 14),
      text('punto', 18),
      text('punto_sumidero', 18),
      mw('mw_oferta'),
      money('precio_oferta'),
      mw('mw_adjudicado'),
      money('precio'),
      money('precio_sumidero'),
      money('monto', 16),
    ],
    titles: [
      ...interval.titles,
      words.columns.tipo,
      words.columns.punto,
      words.columns.punto_sumidero,
      words.columns.mw_oferta,
      words.columns.precio_oferta,
      words.columns.mw_adjudicado,
      words.columns.precio,
      words.columns.precio_sumidero,
      words.columns.monto,
    ],
    frozenColumns: 2,
  });
  for (const award of data.adjudicaciones) {
    sheet.sheet
      .addRow({
        ...intervalCells(award),
        tipo: words.kinds[award.tipo],
        punto: award.punto,
        punto_sumidero: award.punto_sumidero,
        mw_oferta: numberOf(award.mw_oferta),
        precio_oferta: numberOf(award.precio_oferta),
        mw_adjudicado: numberOf(award.mw_adjudicado),
        precio: numberOf(award.precio),
        precio_sumidero: numberOf(award.precio_sumidero),
        monto: numberOf(award.monto),
      })
      .commit();
  }
  await sheet.finish({ dia_operacion: words.total, mw_adjudicado: numberOf(data.totales.mwh), monto: numberOf(data.totales.monto) });
}

/** What the price workbook compares: a market, a range and the points in the order asked (upper case). */
export interface PricesWorkbookQuery {
  desde: string;
  hasta: string;
  mercado: ErcotMarket;
  puntos: readonly string[];
}

/**
 * Writes a market's prices at the points (read whole before the first byte) to `out`: a row per
 * interval by UTC start, a column per point; a point without a price in an interval is blank.
 */
export async function writePricesWorkbook(out: Writable, intervals: readonly PriceInterval[], query: PricesWorkbookQuery, language: ExcelLanguage): Promise<void> {
  const words = CATALOGUES[language].ercot.excel;
  const interval = intervalColumns(words, query.mercado === 'RTM');
  // Keys of their own: a point's name could be a column's key.
  const pointKey = (index: number) => `punto_${index}`;
  const sheet = startSheet(out, {
    name: words.pricesSheet,
    header: [...rangeHeader(words, words.pricesTitle, query), [words.market, words.markets[query.mercado]], [words.repeatedMark, words.repeatedNote]],
    columns: [...interval.columns, ...query.puntos.map((_, index) => money(pointKey(index)))],
    titles: [...interval.titles, ...query.puntos],
    frozenColumns: interval.columns.length,
  });
  for (const row of intervals) {
    const prices = Object.fromEntries(query.puntos.map((name, index) => [pointKey(index), numberOf(row.precios[name])]));
    sheet.sheet.addRow({ ...intervalCells(row), ...prices }).commit();
  }
  await sheet.finish({});
}

const SUM_FIGURES = ['mwh', 'mwh_compra', 'mwh_venta', 'mwh_ptp'] as const;

/** Writes the accumulated groups (read whole before the first byte) to `out`, with their running total and the bold totals. */
export async function writeAccumulatedWorkbook(
  out: Writable,
  rows: readonly AccumulatedRow[],
  totals: SettledTotals,
  body: AccumulatedBody,
  language: ExcelLanguage,
): Promise<void> {
  const words = CATALOGUES[language].ercot.excel;
  // A day's key is an Excel date; a month (yyyy-mm) and a point's name stay text.
  const byDay = body.agrupacion === 'dia';
  const figures = (source: AccumulatedRow | SettledTotals) => ({
    adjudicaciones: source.adjudicaciones,
    sin_precio: source.sin_precio,
    ...Object.fromEntries(SUM_FIGURES.map((key) => [key, numberOf(source[key])])),
    monto: numberOf(source.monto),
  });
  const sheet = startSheet(out, {
    name: words.accumulatedSheet,
    header: [...rangeHeader(words, words.accumulatedTitle, body), [words.grouping, words.groupings[body.agrupacion]]],
    columns: [
      byDay ? dateColumn('clave') : text('clave', 18),
      whole('adjudicaciones'),
      whole('sin_precio'),
      ...SUM_FIGURES.map(mw),
      money('monto', 16),
      money('monto_acumulado', 18),
    ],
    titles: [
      words.groupings[body.agrupacion],
      words.columns.adjudicaciones,
      words.columns.sin_precio,
      ...SUM_FIGURES.map((key) => words.columns[key]),
      words.columns.monto,
      words.columns.monto_acumulado,
    ],
    frozenColumns: 1,
  });
  for (const row of rows) {
    sheet.sheet.addRow({ clave: byDay ? dateOf(row.clave) : row.clave, ...figures(row), monto_acumulado: numberOf(row.monto_acumulado) }).commit();
  }
  await sheet.finish({ clave: words.total, ...figures(totals) });
}
