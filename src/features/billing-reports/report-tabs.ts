import { REPORT_BODIES, type ReportName } from '../../../schemas/report.schema';

/** The page's tabs: a country's reports each, then the regional ones and the preliminary settlements. */
export const REPORT_TABS = ['GT', 'MX', 'SV', 'REG'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

/** Which reports each tab lists, in the order the back office uses them (AREAS.md (f), "Screen"). */
const TAB_REPORTS: Record<ReportTab, readonly ReportName[]> = {
  GT: ['estimaciones-gtm', 'energia-gtm', 'saldo-gtm', 'respaldo-gtm', 'financiero-local-gtm', 'contratros-gtm-mex'],
  MX: ['estimaciones-mex', 'contratos-locales-mex', 'energia-mex', 'saldo-mex'],
  SV: ['estimaciones-sv', 'energia-sv', 'saldo-sv'],
  REG: [
    'contratos-eor-regional',
    'facturacion-excel',
    'liquidacion-eor-preliminar',
    'liquidacion-cenace-preliminar',
    'liquidacion-eor-top-preliminar',
    'liquidacion-ercot-top-preliminar',
    'liquidacion-potencia-preliminar',
    'liquidacion-energia-generada-preliminar',
    'reporte-preliminar-excel',
  ],
};

/** The reports a tab lists. */
export const reportsOf = (tab: ReportTab): readonly ReportName[] => TAB_REPORTS[tab];

/** What a report's body asks, read from its schema: its period, and which filters it takes. */
export interface ReportShape {
  period: 'month' | 'range';
  /** The countries it may be narrowed to (none: it takes no country). */
  countries: readonly string[];
  company: boolean;
  contract: boolean;
  version: boolean;
}

export function shapeOf(nombre: ReportName): ReportShape {
  const properties = REPORT_BODIES[nombre].properties as Record<string, { enum?: readonly string[] } | undefined>;
  return {
    period: 'anio' in properties ? 'month' : 'range',
    countries: properties.pais?.enum ?? [],
    company: 'empresa_id' in properties,
    contract: 'contrato_id' in properties,
    version: 'version' in properties,
  };
}
