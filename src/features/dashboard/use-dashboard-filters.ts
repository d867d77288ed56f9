import { useMemo } from 'react';
import { addDays, businessToday } from '../../../schemas/date.schema';
import { CONTRACT_CLASSES, CONTRACT_TYPES, EPWM_BRANCHES, TRANSACTION_TYPES } from '../../../schemas/contract.schema';
import type { DashboardBody } from '../../../schemas/dashboard.schema';
import { REPORT_VERSIONS } from '../../../schemas/report.schema';
import { useListState } from '../../lib/grid/use-list-state';
import { oneOf, wholeIn } from '../../lib/grid/url-values';
import type { UrlMonth } from '../../lib/ui/month-picker';

/** The dashboard's URL parameters: its first and last months (`2025-01`) and its filters. */
const DASHBOARD_FILTERS = ['desde', 'hasta', 'pais', 'empresa', 'tipo', 'clase', 'transaccion', 'version'] as const;
export type DashboardFilterName = (typeof DASHBOARD_FILTERS)[number];

/** The most months the page reads at once (the report's range is at most 366 days). */
export const DASHBOARD_MAX_MONTHS = 12;

/** What is wrong with the period: the server would refuse it, so nothing is asked. */
export type PeriodFault = 'reversed' | 'tooLong';

interface Month {
  anio: number;
  mes: number;
}

const monthOf = (value: string | undefined): Month | undefined => {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const anio = Number(match[1]);
  const mes = Number(match[2]);
  return anio >= 2000 && anio <= 2100 && mes >= 1 && mes <= 12 ? { anio, mes } : undefined;
};
const monthText = ({ anio, mes }: Month) => `${anio}-${String(mes).padStart(2, '0')}`;
const monthIndex = ({ anio, mes }: Month) => anio * 12 + mes - 1;
const fromIndex = (index: number): Month => ({ anio: Math.floor(index / 12), mes: (index % 12) + 1 });
/** The last day of a month, ISO. */
const lastDayOf = ({ anio, mes }: Month) => addDays(`${monthText(fromIndex(monthIndex({ anio, mes }) + 1))}-01`, -1);

export interface DashboardFilters {
  desde: UrlMonth;
  hasta: UrlMonth;
  fault: PeriodFault | null;
  /** The call's body, null while the period is wrong. */
  body: DashboardBody | null;
  values: Record<DashboardFilterName, string>;
  setFilter: (name: DashboardFilterName, value: string) => void;
}

/**
 * The dashboard's filters as the URL keeps them (a reload or a copied link shows the same).
 * Without a period: the twelve months up to last month (the last one a back office has closed).
 */
export function useDashboardFilters(): DashboardFilters {
  const { state, setFilters } = useListState(DASHBOARD_FILTERS);
  const values = state.filters as Record<DashboardFilterName, string>;
  const fallback = useMemo(() => {
    const today = businessToday();
    const last = monthIndex({ anio: Number(today.slice(0, 4)), mes: Number(today.slice(5, 7)) }) - 1;
    return { desde: fromIndex(last - (DASHBOARD_MAX_MONTHS - 1)), hasta: fromIndex(last) };
  }, []);
  const desde = monthOf(values.desde) ?? fallback.desde;
  const hasta = monthOf(values.hasta) ?? fallback.hasta;
  const span = monthIndex(hasta) - monthIndex(desde) + 1;
  const fault: PeriodFault | null = span < 1 ? 'reversed' : span > DASHBOARD_MAX_MONTHS ? 'tooLong' : null;
  const urlMonth = (name: 'desde' | 'hasta', month: Month, named: boolean): UrlMonth => ({
    ...month,
    named,
    setMonth: (changes) => setFilters({ [name]: monthText(changes) }, { step: true }),
  });
  const empresa = wholeIn(values.empresa, 1, 2_147_483_647);
  const filters = {
    pais: oneOf(values.pais, EPWM_BRANCHES),
    empresa_id: empresa,
    tipo_contrato: oneOf(values.tipo, CONTRACT_TYPES),
    clase_contrato: oneOf(values.clase, CONTRACT_CLASSES),
    tipo_transaccion: oneOf(values.transaccion, TRANSACTION_TYPES),
    version: oneOf(values.version, REPORT_VERSIONS),
  };
  const body = fault
    ? null
    : ({
        desde: `${monthText(desde)}-01`,
        hasta: lastDayOf(hasta),
        ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
      } as DashboardBody);
  return {
    desde: urlMonth('desde', desde, monthOf(values.desde) !== undefined),
    hasta: urlMonth('hasta', hasta, monthOf(values.hasta) !== undefined),
    fault,
    body,
    values,
    setFilter: (name, value) => setFilters({ [name]: value === '' ? null : value }, { step: true }),
  };
}
