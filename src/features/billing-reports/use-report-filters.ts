import { useMemo } from 'react';
import { addDays, businessToday, dateRangeFault, isIsoDate, type DateRangeFault } from '../../../schemas/date.schema';
import { REPORT_MAX_RANGE_DAYS, REPORT_VERSIONS, type ReportName, type ReportVersion } from '../../../schemas/report.schema';
import { useListState } from '../../lib/grid/use-list-state';
import type { UrlMonth } from '../../lib/ui/month-picker';
import { REPORT_TABS, reportsOf, shapeOf, type ReportShape, type ReportTab } from './report-tabs';

/** The page's URL parameters: the tab, the report, its period and filters, the page of rows. */
const REPORT_FILTERS = ['pestana', 'reporte', 'anio', 'mes', 'desde', 'hasta', 'pais', 'empresa', 'contrato', 'version', 'pagina'] as const;
type FilterName = (typeof REPORT_FILTERS)[number];

const positive = (value: string | undefined) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

export interface ReportFilters {
  tab: ReportTab;
  /** The report shown: the URL's when its tab lists it, else the tab's first. */
  nombre: ReportName | undefined;
  shape: ReportShape | null;
  month: UrlMonth;
  desde: string;
  hasta: string;
  /** What is wrong with a range: the server would refuse it, so no call is sent. */
  fault: DateRangeFault | null;
  /** The report's body as the URL gives it (without the page). */
  body: Record<string, unknown>;
  pagina: number;
  values: Record<FilterName, string>;
  setFilter: (name: FilterName, value: string) => void;
  /** Another report: its filters start afresh (the period is kept). */
  chooseReport: (nombre: string) => void;
  chooseTab: (tab: string) => void;
}

/**
 * The billing reports page's state as the URL keeps it (a reload or a link shows the same
 * report with the same filters). Without a period: last month (the month a back office reports
 * on), as a month or as its days.
 */
export function useReportFilters(): ReportFilters {
  const { state, setFilters: update } = useListState(REPORT_FILTERS);
  const values = state.filters as Record<FilterName, string>;
  const tab = (REPORT_TABS as readonly string[]).includes(values.pestana) ? (values.pestana as ReportTab) : 'GT';
  const listed = reportsOf(tab);
  const nombre = listed.find((one) => one === values.reporte) ?? listed[0];
  const shape = nombre ? shapeOf(nombre) : null;
  const lastMonth = useMemo(() => {
    const firstOfThis = `${businessToday().slice(0, 8)}01`;
    const lastDay = addDays(firstOfThis, -1);
    return { anio: Number(lastDay.slice(0, 4)), mes: Number(lastDay.slice(5, 7)), desde: `${lastDay.slice(0, 8)}01`, hasta: lastDay };
  }, []);
  const anio = positive(values.anio);
  const mes = positive(values.mes);
  const monthNamed = anio !== undefined && anio >= 2000 && anio <= 2100 && mes !== undefined && mes <= 12;
  const month: UrlMonth = {
    anio: monthNamed ? anio : lastMonth.anio,
    mes: monthNamed ? mes : lastMonth.mes,
    named: monthNamed,
    setMonth: (changes) => update({ anio: String(changes.anio), mes: String(changes.mes), pagina: null }, { step: true }),
  };
  const desde = isIsoDate(values.desde) ? values.desde : lastMonth.desde;
  const hasta = isIsoDate(values.hasta) ? values.hasta : lastMonth.hasta;
  const fault = shape?.period === 'range' ? dateRangeFault(desde, hasta, REPORT_MAX_RANGE_DAYS) : null;
  const empresa = positive(values.empresa);
  const contrato = positive(values.contrato);
  const version = (REPORT_VERSIONS as readonly string[]).includes(values.version) ? (values.version as ReportVersion) : undefined;
  const body: Record<string, unknown> = shape
    ? {
        ...(shape.period === 'month' ? { anio: month.anio, mes: month.mes } : { desde, hasta }),
        ...(shape.countries.length > 1 && shape.countries.includes(values.pais) ? { pais: values.pais } : {}),
        ...(shape.company && empresa ? { empresa_id: empresa } : {}),
        ...(shape.contract && contrato ? { contrato_id: contrato } : {}),
        ...(shape.version && version ? { version } : {}),
      }
    : {};
  return {
    tab,
    nombre,
    shape,
    month,
    desde,
    hasta,
    fault,
    body,
    pagina: positive(values.pagina) ?? 1,
    values,
    // A filter changed: the rows start again from the first page.
    setFilter: (name, value) => update({ [name]: value, ...(name === 'pagina' ? {} : { pagina: null }) }, { step: true }),
    chooseReport: (value) => update({ reporte: value, pais: null, empresa: null, contrato: null, version: null, pagina: null }, { step: true }),
    chooseTab: (value) => update({ pestana: value === 'GT' ? null : value, reporte: null, pais: null, empresa: null, contrato: null, version: null, pagina: null }, { step: true }),
  };
}
