// A settlement as an Excel workbook, streamed as it is written (ExcelJS's WorkbookWriter): a
// month of hourly rows of every annex is tens of thousands of rows, never held whole. One sheet:
// a header block saying what the settlement is, the rows, a totals row; numbers are numbers
// with number formats, and the column headers stay in view while scrolling.
import type { Writable } from 'node:stream';
import { CATALOGUES } from '../../i18n/catalogues';
import { SETTLEMENT_ROW_AMOUNTS, type Settlement, type SettlementRow } from '../../schemas/settlement.schema';
import { amountFormat, numberOf, startSheet, type ExcelLanguage } from '../files/workbook';

const WORDS = { 'es-ES': CATALOGUES['es-ES'].settlements.excel, 'en-US': CATALOGUES['en-US'].settlements.excel } as const;

/** The download's file name: `liquidacion-<contract>-<year>-<month>-<version>.xlsx`. */
export function excelFileName(settlement: Settlement): string {
  const mes = String(settlement.mes).padStart(2, '0');
  const version = settlement.version_liquidacion === 'CD' ? `CD${settlement.reconciliacion}` : settlement.version_liquidacion;
  return `liquidacion-${settlement.contrato_id}-${settlement.anio}-${mes}-${version}.xlsx`;
}

/**
 * Writes the workbook of `settlement` with its `rows` and their `totals` to `out`, ending it.
 * The rows and totals are read before the first byte, so a failure to read them is still an
 * error answer rather than a broken file.
 */
export async function writeSettlementWorkbook(
  out: Writable,
  settlement: Settlement,
  rows: readonly SettlementRow[],
  totals: SettlementRow | undefined,
  language: ExcelLanguage,
): Promise<void> {
  const words = WORDS[language];
  const keys = ['anexo_id', 'fecha', 'periodo', ...SETTLEMENT_ROW_AMOUNTS] as const;
  const { sheet, finish } = startSheet(out, {
    name: words.sheet,
    header: [
      [words.contract, `${settlement.contrato_id} ${settlement.contrato_codigo ?? ''}`.trim()],
      [words.company, settlement.empresa_razon_social],
      [words.month, `${settlement.anio}-${String(settlement.mes).padStart(2, '0')}`],
      [words.version, settlement.version_liquidacion === 'CD' ? `CD ${settlement.reconciliacion}` : settlement.version_liquidacion],
      [words.state, settlement.estado],
      [words.preparedBy, settlement.calculada_por],
      [words.validatedBy, settlement.validada_por],
    ],
    columns: keys.map((key) => ({
      key,
      width: key === 'anexo_id' || key === 'periodo' ? 10 : key === 'fecha' ? 12 : 18,
      style: key === 'fecha' ? { numFmt: 'yyyy-mm-dd' } : key === 'anexo_id' || key === 'periodo' ? {} : { numFmt: amountFormat(key) },
    })),
    titles: keys.map((key) => words.columns[key]),
  });
  for (const row of rows) {
    sheet
      .addRow({
        anexo_id: row.anexo_id,
        // A date as a date: Excel sorts and filters it as one (UTC midnight, the day itself).
        fecha: row.fecha === null ? null : new Date(`${row.fecha}T00:00:00Z`),
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
