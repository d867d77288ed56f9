import { useMemo } from 'react';
import { addDays, businessToday, dateRangeFault, isIsoDate, type DateRangeFault } from '../../../schemas/date.schema';
import { ACCUMULATION_GROUPINGS, AWARD_KINDS, ERCOT_MAX_RANGE_DAYS, SETTLEMENT_POINT_TYPES, type AccumulationGrouping, type AwardKind, type SettlementPointType } from '../../../schemas/ercot.schema';
import { useListState } from '../../lib/grid/use-list-state';

/** The page's three tabs, as the URL names them. */
export const ERCOT_TABS = ['adjudicaciones', 'puntos', 'acumulados'] as const;
export type ErcotTab = (typeof ERCOT_TABS)[number];

/**
 * The URL parameters of `/ercot/`: the tab, the range of operating days every tab reads, the
 * awards' point and kind, the catalogue's point type and the point charted, the grouping.
 */
const ERCOT_FILTERS = ['pestana', 'desde', 'hasta', 'punto', 'tipo', 'tipo_punto', 'grafico', 'agrupacion'] as const;
type FilterName = (typeof ERCOT_FILTERS)[number];

/** `value` when it is one of `allowed`, else undefined (a hand-edited link may hold anything). */
function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}

export interface ErcotFilters {
  tab: ErcotTab;
  desde: string;
  hasta: string;
  /** What is wrong with the range: the server would refuse it, so no call is sent. */
  fault: DateRangeFault | null;
  punto?: string;
  tipo?: AwardKind;
  tipoPunto?: SettlementPointType;
  /** The point whose prices are charted ('' before one is chosen). */
  grafico: string;
  agrupacion: AccumulationGrouping;
  setFilter: (name: FilterName, value: string) => void;
}

/**
 * The page's filters as the URL keeps them (a reload or a copied link shows the same). Without
 * dates: from the first of last month to today (the company's today, though ERCOT's operating
 * day is Central time: a day not yet priced simply has no rows).
 */
export function useErcotFilters(): ErcotFilters {
  const { state, setFilter } = useListState(ERCOT_FILTERS);
  const { filters } = state;
  const fallback = useMemo(() => {
    const today = businessToday();
    return { desde: `${addDays(`${today.slice(0, 8)}01`, -1).slice(0, 8)}01`, hasta: today };
  }, []);
  const desde = isIsoDate(filters.desde) ? filters.desde : fallback.desde;
  const hasta = isIsoDate(filters.hasta) ? filters.hasta : fallback.hasta;
  const punto = filters.punto?.trim().toUpperCase();
  return {
    tab: oneOf(ERCOT_TABS, filters.pestana) ?? 'adjudicaciones',
    desde,
    hasta,
    fault: dateRangeFault(desde, hasta, ERCOT_MAX_RANGE_DAYS),
    ...(punto ? { punto } : {}),
    ...(oneOf(AWARD_KINDS, filters.tipo) ? { tipo: oneOf(AWARD_KINDS, filters.tipo) } : {}),
    ...(oneOf(SETTLEMENT_POINT_TYPES, filters.tipo_punto) ? { tipoPunto: oneOf(SETTLEMENT_POINT_TYPES, filters.tipo_punto) } : {}),
    grafico: filters.grafico?.trim().toUpperCase() ?? '',
    agrupacion: oneOf(ACCUMULATION_GROUPINGS, filters.agrupacion) ?? 'dia',
    setFilter,
  };
}
