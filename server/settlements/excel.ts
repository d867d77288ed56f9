// A settlement as an Excel workbook, streamed as it is written (ExcelJS's WorkbookWriter): a
// month of hourly rows of every annex is tens of thousands of rows, never held whole. One sheet:
// a header block saying what the settlement is (its month and state in the language asked), the
// rows, a totals row; numbers are numbers with number formats, dates Excel dates shown
// dd/mm/yyyy, and the column headers stay in view while scrolling.
import type { Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { settlementFileName } from '../../i18n/download-names';
import { CATALOGUES } from '../../i18n/catalogues';
import { formatMonth } from '../../i18n/notation';
import { SETTLEMENT_ROW_AMOUNTS, type Settlement, type SettlementRow } from '../../schemas/settlement.schema';
import type { SettlementExcelQuery } from '../../schemas/settlement.schema';
import type { Db } from '../db/client';
import { amountFormat, dateColumn, dateOf, numberOf, sendWorkbook, startSheet, type ExcelLanguage } from '../files/workbook';
import { readSettlementDetail } from './store';

/**
 * Writes the workbook of `settlement` with its `rows` and their `totals` to `out`, ending it.
 * The rows and totals are read before the first byte, so a failure to read them is still an
 * error answer rather than a broken file.
 */
async function writeSettlementWorkbook(
  out: Writable,
  settlement: Settlement,
  rows: readonly SettlementRow[],
  totals: SettlementRow | undefined,
  language: ExcelLanguage,
): Promise<void> {
  const words = CATALOGUES[language].settlements.excel;
  const states = CATALOGUES[language].settlements.common.states;
  const keys = ['anexo_id', 'fecha', 'periodo', ...SETTLEMENT_ROW_AMOUNTS] as const;
  const { sheet, finish } = startSheet(out, {
    name: words.sheet,
    header: [
      [words.contract, `${settlement.contrato_id} ${settlement.contrato_codigo ?? ''}`.trim()],
      [words.company, settlement.empresa_razon_social],
      [words.month, formatMonth(settlement.anio, settlement.mes, language)],
      [words.version, settlement.version_liquidacion === 'CD' ? `CD ${settlement.reconciliacion}` : settlement.version_liquidacion],
      [words.state, states[settlement.estado]],
      [words.preparedBy, settlement.calculada_por],
      [words.validatedBy, settlement.validada_por],
    ],
    columns: keys.map((key) =>
      key === 'fecha' ? dateColumn(key) : { key, width: key === 'anexo_id' || key === 'periodo' ? 10 : 18, style: key === 'anexo_id' || key === 'periodo' ? {} : { numFmt: amountFormat(key) } },
    ),
    titles: keys.map((key) => words.columns[key]),
  });
  for (const row of rows) {
    sheet
      .addRow({
        anexo_id: row.anexo_id,
        // A date as a date: Excel sorts and filters it as one.
        fecha: dateOf(row.fecha),
        periodo: row.periodo,
        ...Object.fromEntries(SETTLEMENT_ROW_AMOUNTS.map((column) => [column, numberOf(row[column])])),
      })
      .commit();
  }
  await finish({
    anexo_id: words.total,
    ...Object.fromEntries(SETTLEMENT_ROW_AMOUNTS.map((column) => [column, numberOf(totals?.[column] ?? '0')])),
  });
}

/** Answers `request` with settlement `id`'s workbook, read whole before the first byte: a failure is still an error answer, not half a file. */
export async function sendSettlementWorkbook(db: Db, request: FastifyRequest, reply: FastifyReply, id: number, query: SettlementExcelQuery) {
  const { filas, totales, ...settlement } = await readSettlementDetail(db, id, query.agregacion);
  const idioma = query.idioma ?? 'es-ES';
  return sendWorkbook(request, reply, settlementFileName(settlement, idioma), (out) => writeSettlementWorkbook(out, settlement, filas, totales ?? undefined, idioma));
}
