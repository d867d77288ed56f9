// @vitest-environment node
// The files the product writes are named in the language they are written in, by the server
// (Content-Disposition) and by the browser should an answer not name one.
import { describe, expect, it } from 'vitest';
import { cashFlowFileName, settlementFileName, settlementReportFileName, statementFileName } from '../../i18n/download-names';
import { formatMonth } from '../../i18n/notation';

describe('download names', () => {
  it.each([
    ['es-ES', ['liquidacion-7-2026-10-DF.xlsx', 'liquidacion-7-2026-10-CD2.xlsx', 'reporte-liquidaciones-2026-01.xlsx', 'estado-cuenta-pagar-2026-11-28.xlsx', 'flujo-caja-2026-11-28-2027-02-26.xlsx']],
    ['en-US', ['settlement-7-2026-10-DF.xlsx', 'settlement-7-2026-10-CD2.xlsx', 'settlement-report-2026-01.xlsx', 'account-statement-payable-2026-11-28.xlsx', 'cash-flow-2026-11-28-2027-02-26.xlsx']],
  ] as const)('names every workbook in %s, its dates and months ISO so they sort', (language, names) => {
    expect([
      settlementFileName({ contrato_id: 7, anio: 2026, mes: 10, version_liquidacion: 'DF', reconciliacion: 0 }, language),
      settlementFileName({ contrato_id: 7, anio: 2026, mes: 10, version_liquidacion: 'CD', reconciliacion: 2 }, language),
      settlementReportFileName({ anio: 2026, mes: 1 }, language),
      statementFileName({ tipo: 'pagar', fecha_corte: '2026-11-28' }, language),
      cashFlowFileName({ desde: '2026-11-28', hasta: '2027-02-26' }, language),
    ]).toEqual(names);
  });

  it('names a month as the pages do, in each language', () => {
    expect([formatMonth(2026, 10, 'es-ES'), formatMonth(2026, 10, 'en-US')]).toEqual(['Octubre 2026', 'October 2026']);
  });
});
