import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import type { Pending, PendingInvoice, PendingSettlement } from '../../../schemas/home.schema';
import { useRequest } from '../../lib/api/use-request';
import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { GuaranteeAlertsCard } from './guarantee-alerts-card';
import { getPending } from './home-api';
import { PendingCard, PendingItem, type PendingLink } from './pending-card';

type Part<Name extends keyof Pending> = NonNullable<Pending[Name]>;

/** The page of each bid robot Home follows. */
const ROBOT_PAGES = {
  registra: { href: '/procesos/registra-planillas/', label: 'menu.registraPlanillas' },
  sube: { href: '/procesos/sube-planillas/', label: 'menu.subePlanillas' },
} as const;

/** Where each kind of job is asked for, and its name; a kind not named here is called by its number. */
const JOB_PAGES: Readonly<Record<string, { href: string; label: string }>> = {
  'settlements.refresh-energy': { href: '/anexos', label: 'jobs.types.settlements.refresh-energy' },
  'settlements.refresh-power': { href: '/anexos', label: 'jobs.types.settlements.refresh-power' },
  'countries.update-charges': { href: '/pais/panama/6', label: 'jobs.types.countries.update-charges' },
  'reportes.excel': { href: '/facturacion/reporte-facturacion/', label: 'home.failedJobs.reportExcel' },
  'processes.supresion': { href: '/procesos/supresion/', label: 'processes.kinds.supresion' },
};

/** A settlement as its month names it: PE, DF, CD1, CD2... */
const versionName = (item: PendingSettlement) => (item.version_liquidacion === 'CD' ? `CD${item.reconciliacion}` : item.version_liquidacion);

/** The address of a list filtered by `filters`. */
const filtered = (path: string, filters: Record<string, string>) => `${path}?${new URLSearchParams(filters).toString()}`;

function SettlementsToValidateCard({ part }: { part: Part<'por_validar'> }) {
  const t = useT();
  const format = useFormat();
  const [only] = part.items;
  const link: PendingLink =
    part.total === 1 && only
      ? { href: `/liquidaciones/${only.id}`, label: t('home.toValidate.openOne') }
      : { href: filtered('/liquidaciones', { estado: 'preliminar', pais: part.pais }), label: t('home.toValidate.openList') };
  return (
    <PendingCard name="toValidate" part={part} links={[link]}>
      {part.items.map((item) => (
        <PendingItem
          key={item.id}
          href={`/liquidaciones/${item.id}`}
          label={t('home.toValidate.item', { version: versionName(item), month: format.month(item.anio, item.mes), contract: item.contrato_codigo })}
          detail={t('home.toValidate.detail', { company: item.empresa_razon_social, who: item.calculada_por ?? '', when: format.dateTime(item.calculada_en) })}
        />
      ))}
    </PendingCard>
  );
}

function InvoicesToIssueCard({ part }: { part: Part<'por_emitir'> }) {
  const t = useT();
  const format = useFormat();
  const [only] = part.items;
  const link: PendingLink =
    part.total === 1 && only
      ? { href: `/facturacion/${only.id}`, label: t('home.toIssue.openOne') }
      : { href: filtered('/facturacion/', { estado: 'SOLICITADO', pais: part.pais }), label: t('home.toIssue.openList') };
  const label = (item: PendingInvoice) =>
    t('home.toIssue.item', { kind: t(`invoicing.kinds.${item.tipo_documento}`), month: format.month(item.anio, item.mes), contract: item.contrato_codigo, amount: format.money(item.total, item.moneda) });
  return (
    <PendingCard name="toIssue" part={part} links={[link]}>
      {part.items.map((item) => (
        <PendingItem
          key={item.id}
          href={`/facturacion/${item.id}`}
          label={label(item)}
          detail={t('home.toIssue.detail', { company: item.razon_social, who: item.solicitado_por ?? '', when: format.dateTime(item.solicitado_en) })}
        />
      ))}
    </PendingCard>
  );
}

function BidRunsCard({ part }: { part: Part<'ejecuciones'> }) {
  const t = useT();
  const format = useFormat();
  return (
    <PendingCard name="runs" part={part} links={Object.values(ROBOT_PAGES).map((page) => ({ href: page.href, label: t(page.label) }))}>
      {part.items.map((item) => (
        <PendingItem
          key={item.id}
          href={`${ROBOT_PAGES[item.tipo].href}?ejecucion=${item.id}`}
          label={t('home.runs.item', { kind: t(`processes.kinds.${item.tipo}`), id: item.id, state: t(`processes.runStates.${item.estado}`), when: format.dateTime(item.terminado_en ?? item.creado_en) })}
          detail={item.error ? t('home.runs.reason', { reason: t(item.error) }) : null}
        />
      ))}
    </PendingCard>
  );
}

function MarketDataCard({ part }: { part: Part<'datos_mercado'> }) {
  const t = useT();
  const format = useFormat();
  const what = (day: Part<'datos_mercado'>['items'][number]) =>
    [day.sin_tipo_cambio ? t('home.marketData.noRate') : null, day.nodos_sin_precio > 0 ? t('home.marketData.noPrices', { count: day.nodos_sin_precio }) : null]
      .filter((text) => text !== null)
      .join(' · ');
  return (
    <PendingCard name="marketData" part={part} links={[{ href: filtered('/liquidaciones/datos-mercado', { anio: String(part.anio), mes: String(part.mes) }), label: t('home.marketData.open') }]}>
      {part.items.map((day) => (
        <PendingItem key={day.fecha} label={t('home.marketData.item', { day: format.date(day.fecha), what: what(day) })} />
      ))}
    </PendingCard>
  );
}

function FailedJobsCard({ part }: { part: Part<'trabajos_fallidos'> }) {
  const t = useT();
  const format = useFormat();
  return (
    <PendingCard name="failedJobs" part={part}>
      {part.items.map((job) => {
        const page = JOB_PAGES[job.tipo];
        const name = page ? t(page.label) : t('jobs.progress.title', { id: job.id });
        return <PendingItem key={job.id} href={page?.href} label={t('home.failedJobs.item', { name, id: job.id, when: format.dateTime(job.terminado_en) })} />;
      })}
    </PendingCard>
  );
}

/**
 * Home's "what needs doing": one card per part of the answer, in the order of the work (validate,
 * issue, the bid runs, the guarantees, the market data, the failed jobs). The server answers only
 * the cards the user may see, so a user without any gets none, not even the heading.
 */
export function PendingCards() {
  const t = useT();
  const pending = useRequest(() => getPending(), { load: [] });
  if (pending.failure) return <ErrorAlert messageKey={pending.failure.messageKey} />;
  const data = pending.data;
  if (!data || Object.keys(data).length === 0) return null;
  return (
    <Stack as="section" gap="3" aria-labelledby="home-pending-title">
      <Heading as="h2" size="md" id="home-pending-title">
        {t('home.pending.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" alignItems="start">
        {data.por_validar ? <SettlementsToValidateCard part={data.por_validar} /> : null}
        {data.por_emitir ? <InvoicesToIssueCard part={data.por_emitir} /> : null}
        {data.ejecuciones ? <BidRunsCard part={data.ejecuciones} /> : null}
        {data.alertas_garantias ? <GuaranteeAlertsCard part={data.alertas_garantias} /> : null}
        {data.datos_mercado ? <MarketDataCard part={data.datos_mercado} /> : null}
        {data.trabajos_fallidos ? <FailedJobsCard part={data.trabajos_fallidos} /> : null}
      </SimpleGrid>
    </Stack>
  );
}
