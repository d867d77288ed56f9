import { useMemo } from 'react';
import { EPWM_BRANCHES } from '../../../schemas/contract.schema';
import { addDays, businessToday, dateRangeFault, isIsoDate, type DateRangeFault } from '../../../schemas/date.schema';
import { MONITORING_MAX_RANGE_DAYS, type MonitoringBody } from '../../../schemas/monitoring.schema';
import { SETTLEMENT_VERSIONS } from '../../../schemas/settlement.schema';
import { useListState } from '../../lib/grid/use-list-state';

/** The URL parameters of both monitoring pages (the energy page adds its profile's day). */
export const MONITORING_FILTERS = ['desde', 'hasta', 'sucursal', 'empresa', 'version', 'dia'] as const;
type FilterName = (typeof MONITORING_FILTERS)[number];

/** `value` when it is one of `allowed`, else undefined (a hand-edited link may hold anything). */
function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

/**
 * The pages' filters as the URL keeps them (STYLE.md: filters in the URL, a reload keeps them),
 * read into the calls' body. Without dates: from the first of last month to today (the
 * company's today), the months the demo and a running book have data for. `fault` is what is
 * wrong with the range (the server would refuse it, so no call is sent).
 */
export function useMonitoringFilters() {
  const { state, setFilter } = useListState(MONITORING_FILTERS);
  const { filters } = state;
  const fallback = useMemo(() => {
    const today = businessToday();
    const firstOfMonth = `${today.slice(0, 8)}01`;
    return { desde: `${addDays(firstOfMonth, -1).slice(0, 8)}01`, hasta: today };
  }, []);
  const desde = isIsoDate(filters.desde) ? filters.desde : fallback.desde;
  const hasta = isIsoDate(filters.hasta) ? filters.hasta : fallback.hasta;
  const empresa = Number(filters.empresa);
  const body: MonitoringBody = {
    desde,
    hasta,
    ...(oneOf(EPWM_BRANCHES, filters.sucursal) ? { sucursal: oneOf(EPWM_BRANCHES, filters.sucursal) } : {}),
    ...(Number.isInteger(empresa) && empresa > 0 ? { empresa_id: empresa } : {}),
    ...(oneOf(SETTLEMENT_VERSIONS, filters.version) ? { version: oneOf(SETTLEMENT_VERSIONS, filters.version) } : {}),
  };
  const fault: DateRangeFault | null = dateRangeFault(desde, hasta, MONITORING_MAX_RANGE_DAYS);
  return {
    body,
    fault,
    /** The profile's day: the URL's, or the range's last. */
    dia: isIsoDate(filters.dia) ? filters.dia : hasta,
    /** The raw URL values, for the filter bar's fields. */
    values: filters as Record<FilterName, string>,
    setFilter: (name: FilterName, value: string) => setFilter(name, value),
  };
}

export type MonitoringFilterState = ReturnType<typeof useMonitoringFilters>;
