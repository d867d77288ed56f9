// Market data for the demo contracts, so their settlements can be computed on the first start:
// node prices and loss factors for every node the demo annexes use, energy for every demo
// annex on its days in force, country charge rates (the catalogue of Panama, El Salvador and
// Mexico, demo-charges.ts; made-up rates per kind for the other countries) and MXN/USD rates,
// for the last three
// complete months (PE and DF) and the current month up to today (PE). Set-based: one
// INSERT ... SELECT per kind over generate_series, values from market-values.ts. Runs at every
// start and adds only what is not there yet: each month and version is filled from the day
// after the last one the seed already filled, so a restart adds the days (and, a month later,
// the months) that came since, and a restart on the same day adds nothing. Rows the seed finds
// in place (imported by a user) are kept.
import { sql, type SQL } from 'drizzle-orm';
import type { SettlementVersion } from '../../../schemas/settlement.schema';
import { bulkInsert } from '../bulk-load';
import { queryRows, type Db } from '../client';
import { insertNewCharges } from '../../countries/store';
import { demoChargeCatalogue } from './demo-charges';
import { insertAnnexEnergy, insertChargeRates, insertExchangeRates, insertLossFactors, insertNodePrices } from './market-values';

const SEED_ACTOR = 'seed:demo';

/** A stretch of days (ISO dates, both included) of one version. */
interface DemoMarketSlice {
  version: Extract<SettlementVersion, 'PE' | 'DF'>;
  desde: string;
  hasta: string;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const utcDate = (year: number, month0: number, day: number) => isoDate(new Date(Date.UTC(year, month0, day)));

/** The demo's months as of `today` (UTC): the last three complete ones in PE and DF, then this one up to today in PE. */
export function demoMarketWindow(today: Date): DemoMarketSlice[] {
  const year = today.getUTCFullYear();
  const month0 = today.getUTCMonth();
  const slices: DemoMarketSlice[] = [];
  for (const back of [3, 2, 1]) {
    const desde = utcDate(year, month0 - back, 1);
    const hasta = utcDate(year, month0 - back + 1, 0);
    slices.push({ version: 'PE', desde, hasta }, { version: 'DF', desde, hasta });
  }
  slices.push({ version: 'PE', desde: utcDate(year, month0, 1), hasta: isoDate(today) });
  return slices;
}

const slicesTable = (slices: readonly DemoMarketSlice[]) =>
  sql`(values ${sql.join(
    slices.map((slice) => sql`(${slice.version}::text, ${slice.desde}::date, ${slice.hasta}::date)`),
    sql`, `,
  )}) s(version, desde, hasta)`;

/** What is left of each slice: the days after the last one the seed gave prices; empty slices dropped. */
async function remaining(db: Db, slices: readonly DemoMarketSlice[]): Promise<DemoMarketSlice[]> {
  const rows = await queryRows<{ version: DemoMarketSlice['version']; desde: string; hasta: string }>(
    db,
    sql`select s.version, to_char(coalesce(
              (select max(pn.fecha) + 1 from precios_nodo pn
               where pn.version = s.version and pn.fecha between s.desde and s.hasta and pn.cargado_por = ${SEED_ACTOR}),
              s.desde), 'YYYY-MM-DD') as desde,
            to_char(s.hasta, 'YYYY-MM-DD') as hasta
        from ${slicesTable(slices)}`,
  );
  return rows.filter((row) => row.desde <= row.hasta);
}

/** The nodes the demo annexes use (an annex without nodes on a side uses its contract's). */
const demoNodes = sql`
  select distinct n.nodo
  from anexos a join contratos c on c.id = a.contrato_id,
       unnest((case when cardinality(a.pmi) > 0 then a.pmi else c.pmi end) || (case when cardinality(a.pmr) > 0 then a.pmr else c.pmr end)) n(nodo)
  where a.created_by = ${SEED_ACTOR}`;

/** Every hour of every slice, with its version. */
const sliceHours = (slices: SQL) => sql`
  ${slices}, generate_series(s.desde::timestamp, s.hasta::timestamp, interval '1 day') d, generate_series(1, 24) p`;

/**
 * Fills the demo's market data for the months of demoMarketWindow(`today`) (one transaction).
 * Does nothing when there are no demo annexes.
 */
export async function seedDemoMarketData(db: Db, today = new Date()): Promise<void> {
  const window = demoMarketWindow(today);
  const [demo] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from anexos where created_by = ${SEED_ACTOR}`);
  if (!demo?.n) return;
  const slices = await remaining(db, window);
  if (slices.length === 0) return;
  const table = slicesTable(slices);
  const nodeHours = sql`select n.nodo, d::date as fecha, p::smallint as periodo, s.version from (${demoNodes}) n, ${sliceHours(table)}`;
  const first = window[0]!.desde;
  const last = window[window.length - 1]!.hasta;

  await db.transaction(async (tx) => {
    // The charge catalogue of Panama, El Salvador and Mexico first: the kinds it feeds then need
    // no made-up rate of their own below.
    await insertNewCharges(tx, demoChargeCatalogue(today), SEED_ACTOR);
    // Hundreds of thousands of rows: on the first start, loaded without indexes and keys (bulk-load.ts).
    await bulkInsert(tx, 'precios_nodo', insertNodePrices(nodeHours, SEED_ACTOR));
    await bulkInsert(tx, 'factores_perdida', insertLossFactors(nodeHours, SEED_ACTOR));
    await bulkInsert(
      tx,
      'energia_anexo',
      insertAnnexEnergy(
        sql`select a.id as anexo_id, d::date as fecha, p::smallint as periodo, s.version
            from anexos a, ${table},
                 generate_series(greatest(a.fecha_inicio, s.desde)::timestamp, least(a.fecha_fin, s.hasta)::timestamp, interval '1 day') d,
                 generate_series(1, 24) p
            where a.created_by = ${SEED_ACTOR}`,
        SEED_ACTOR,
      ),
    );
    // One rate per country and kind from the window's first day on, unless a rate of that kind
    // is already in force somewhere in the window (periods of a country and kind never overlap).
    await tx.execute(
      insertChargeRates(
        sql`select distinct split_part(n.nodo, '-', 1) as pais, k.concepto, ${first}::date as vigente_desde
            from (${demoNodes}) n, (values ('MMi'), ('MMr'), ('peaje_principal')) k(concepto)
            where not exists (
              select 1 from cargos_pais cp
              where cp.pais = split_part(n.nodo, '-', 1) and cp.concepto_liquidacion = k.concepto
                and cp.vigente_desde <= ${last}::date and (cp.vigente_hasta is null or cp.vigente_hasta >= ${first}::date))`,
        SEED_ACTOR,
      ),
    );
    await tx.execute(insertExchangeRates(sql`select distinct d::date as fecha from ${sliceHours(table)} where p = 1`, SEED_ACTOR));
  });
}
