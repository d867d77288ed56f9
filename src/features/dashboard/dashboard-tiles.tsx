import type { DashboardAnswer } from '../../../schemas/dashboard.schema';
import type { ReportCell } from '../../../schemas/report.schema';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { FigureCards, type FigureCard } from '../../lib/ui/figure-cards';

/**
 * The key figures of the filtered contracts: the report's totals as the server computed them
 * (the same aggregates as every group of the grid), "sin datos" where no row has the figure.
 */
export function DashboardTiles({ answer }: { answer: DashboardAnswer | null }) {
  const t = useT();
  const format = useFormat();
  const totals = answer?.totales ?? {};
  const noData = t('dashboard.tiles.sinDatos');
  const text = (value: ReportCell | undefined) => (typeof value === 'string' ? value : null);
  const usd = (value: ReportCell | undefined) => (text(value) === null ? noData : format.money(text(value), 'USD'));
  const mwh = (value: ReportCell | undefined) => (text(value) === null ? noData : `${format.decimal(text(value), { maxFractionDigits: 3 })} MWh`);
  const price = (value: ReportCell | undefined) => (text(value) === null ? noData : `${format.decimal(text(value), { minFractionDigits: 2, maxFractionDigits: 2 })} USD/MWh`);
  const percent = (value: ReportCell | undefined) => (text(value) === null ? noData : format.percent(text(value)));
  const cards: FigureCard[] = [
    ['margen', t('dashboard.tiles.margen'), usd(totals.margen), text(totals.margen_mwh) === null ? undefined : t('dashboard.tiles.margenMwh', { value: usd(totals.margen_mwh) })],
    ['mwh', t('dashboard.tiles.mwh'), mwh(totals.mwh_entregada), t('dashboard.tiles.mwhOf', { value: mwh(totals.mwh_contratada) })],
    ['cumplimiento', t('dashboard.tiles.cumplimiento'), percent(totals.cumplimiento_pct), t('dashboard.tiles.settledMonths') + (totals.version ? ` · ${t('dashboard.tiles.version', { version: t(`reports.versions.${totals.version}`) })}` : '')],
    ['precio', t('dashboard.tiles.precio'), price(totals.precio_realizado), t('dashboard.tiles.precioMercado', { market: price(totals.precio_mercado), premium: price(totals.prima) })],
    ['fee', t('dashboard.tiles.fee'), usd(totals.fee)],
    ['facturado', t('dashboard.tiles.facturado'), usd(totals.facturado_usd), t('dashboard.tiles.cobrado', { collected: usd(totals.cobrado_usd), open: usd(totals.pendiente_usd) })],
    ['dias', t('dashboard.tiles.dias'), typeof totals.dias_cobro === 'number' ? format.decimal(totals.dias_cobro, { maxFractionDigits: 0 }) : noData],
    ['riesgo', t('dashboard.tiles.riesgo'), format.decimal(typeof totals.en_riesgo === 'number' ? totals.en_riesgo : 0, { maxFractionDigits: 0 }), t('dashboard.tiles.riesgoOf', { total: format.decimal(answer?.contratos.length ?? 0, { maxFractionDigits: 0 }) })],
  ];
  return <FigureCards cards={cards} columns={4} loaded={answer !== null} />;
}
