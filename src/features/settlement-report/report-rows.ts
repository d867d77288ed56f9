import type { SettlementReport, SettlementReportLine } from '../../../schemas/settlement-report.schema';
import type { SettlementState } from '../../../schemas/settlement.schema';

/** One version's part of a grid row: the settlement (none in the totals row) and its totals. */
interface ReportSide {
  id: number | null;
  estado: SettlementState | null;
  energia_total_mwh: string;
  factura: string;
  margen: string;
}

/** A row of the report's grid: a contract's line, or the totals row pinned below them. */
export interface ReportRow {
  /** The contract's id, null in the totals row. */
  contrato_id: number | null;
  contrato: string;
  empresa_razon_social: string;
  sucursal: string | null;
  tipo_contrato: string | null;
  pe: ReportSide | null;
  df: ReportSide | null;
  cd: ReportSide | null;
  diferencia: SettlementReportLine['diferencia'];
}

/** A contract's line as a grid row. */
export function lineRow(line: SettlementReportLine): ReportRow {
  return {
    contrato_id: line.contrato_id,
    contrato: `${line.contrato_id} · ${line.contrato_codigo}`,
    empresa_razon_social: line.empresa_razon_social,
    sucursal: line.sucursal,
    tipo_contrato: line.tipo_contrato,
    pe: line.pe,
    df: line.df,
    cd: line.cd,
    diferencia: line.diferencia,
  };
}

/** The grand totals as the row pinned below the contracts, `label` in the contract column. */
export function totalsRow(totals: SettlementReport['totales'], label: string): ReportRow {
  const side = (sums: SettlementReport['totales']['pe']): ReportSide | null => (sums ? { ...sums, id: null, estado: null } : null);
  return {
    contrato_id: null,
    contrato: label,
    empresa_razon_social: '',
    sucursal: null,
    tipo_contrato: null,
    pe: side(totals.pe),
    df: side(totals.df),
    cd: side(totals.cd),
    diferencia: totals.diferencia,
  };
}
