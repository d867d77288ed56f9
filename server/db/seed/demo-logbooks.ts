// The demo's log books (docs/logbooks.md, "Demo"), written through the log books' own store so
// they are what the pages would have saved: a sent MER log book for each of the last weeks' days
// (every regional annex in force declared at its first PM, its contracted MW, a price per
// annex), yesterday's sent twice (its second version lowers the evening), the EOR's predespacho
// of the last days made by the market-site simulator from those declarations, El Salvador's
// units' limits of the coming week with today's top offers, two thermal agents behind Mexico's
// imports, the Mexico link's sent offers of the last week with CENACE's PML of those days, and an
// AMM record of last week. First start only: a database with any log book is
// left alone.
import { sql } from 'drizzle-orm';
import { addDays, businessToday } from '../../../schemas/date.schema';
import { OFFER_SCOPES, type ActiveAnnex, type OfferRow } from '../../../schemas/logbook.schema';
import { parsePredespacho, storePredespacho } from '../../logbooks/predespacho-import';
import { predespachoFileName } from '../../logbooks/predespacho-workbook';
import { annexesInForce, fixOf, insertImportAgent, insertLogbook, replaceOffers, setLogbookState, upsertSlvLimits } from '../../logbooks/store';
import { predespachoWorkbook, type DeclaredTransaction } from '../../market-sim/predespacho-workbook';
import { queryRows, type Db } from '../client';

const SEED_ACTOR = 'seed:demo';
/** Who the demo's log books were sent by. */
const TRADER = 'admin@demo.energy';
/** Days back with a sent MER log book. */
const SENT_DAYS = 28;
/** Days back with the EOR's predespacho (Guatemala's file). */
const PREDESPACHO_DAYS = 3;

/** The evening peak, when the second version of yesterday's log book declares less. */
const EVENING = new Set([18, 19, 20, 21]);

/** A regional annex's declarations of a day at its first PM: its contracted MW each period (`share` of it in the evening), one price block. */
function declarations(annex: ActiveAnnex, eveningShare = 1): OfferRow[] {
  const sentido = annex.tipo_transaccion === 'I' ? 'I' : 'R';
  const pm = (sentido === 'I' ? annex.pmi : annex.pmr)[0];
  if (!pm) return [];
  // A price per annex, so the sheet and the bid robot show different figures (USD/MWh).
  const precio = (85 + (annex.anexo_id % 7) * 4.5).toFixed(2);
  return Array.from({ length: 24 }, (_, index) => {
    const periodo = index + 1;
    const mw = EVENING.has(periodo) ? (Number(annex.potencia_mw) * eveningShare).toFixed(3) : annex.potencia_mw;
    return { periodo, pm, sentido, tipo: 'DECLARACION', anexo_id: annex.anexo_id, mw_declarada: mw, bloques: [{ precio, mw }] };
  });
}

/** Sends a MER log book of `fecha` with `filas`, as sent the day before at 09:30 Central America time. */
async function sendMer(tx: Db, fecha: string, filas: OfferRow[], sentAt: string): Promise<number> {
  const id = await insertLogbook(tx, 'MER', fecha, TRADER);
  await replaceOffers(tx, id, OFFER_SCOPES.mer, filas, { moneda: 'USD' });
  await setLogbookState(tx, id, 'enviada', TRADER);
  await tx.execute(sql`update bitacoras set enviada_en = ${sentAt}::timestamptz, created_by = ${SEED_ACTOR} where id = ${id}`);
  return id;
}

/** What the EOR received of the day's declarations: per contract, PM and direction, the MW of each period. */
function declaredTransactions(annexes: readonly ActiveAnnex[], filas: readonly OfferRow[]): DeclaredTransaction[] {
  const codeOf = new Map(annexes.map((annex) => [annex.anexo_id, annex.contrato_codigo]));
  const byKey = new Map<string, DeclaredTransaction & { mw: Array<string | null> }>();
  for (const fila of filas) {
    const codigo = codeOf.get(fila.anexo_id ?? 0)!;
    const key = `${codigo}|${fila.pm}|${fila.sentido}`;
    const line = byKey.get(key) ?? { codigo, pm: fila.pm, sentido: fila.sentido, mw: Array.from({ length: 24 }, () => null) };
    line.mw[fila.periodo - 1] = String(Number(line.mw[fila.periodo - 1] ?? 0) + Number(fila.mw_declarada ?? 0));
    byKey.set(key, line);
  }
  return [...byKey.values()];
}

/** The Mexico link's node (Tapachula), where CENACE settles the link's offers. */
const MEX_NODE = 'MX-TAP-400';
/** Days back with a sent MEX log book and CENACE's PML. */
const MEX_DAYS = 7;

/**
 * The Mexico link's last week: each day a sent MEX log book (export offers GT -> MX: 20 MW
 * fixed and three segments priced up in MXN; import offers MX -> GT: 40 MW fixed and three
 * segments priced down), within the link's limits, with the day's FIX; and CENACE's day-ahead
 * PML at the link's node with its energy, losses and congestion components (congestion in the
 * evening peak), each rounded to the cent as CENACE publishes them, so now and then the PML is a
 * cent off their sum.
 */
async function seedMexicoLink(tx: Db, day: string): Promise<void> {
  for (let back = MEX_DAYS; back >= 1; back -= 1) {
    const fecha = addDays(day, -back);
    const fix = await fixOf(tx, fecha);
    const id = await insertLogbook(tx, 'MEX', fecha, TRADER);
    const hours = Array.from({ length: 24 }, (_, index) => index + 1);
    const peak = (periodo: number) => EVENING.has(periodo);
    await replaceOffers(
      tx,
      id,
      OFFER_SCOPES.mexExportacion,
      hours.map((periodo) => ({
        periodo,
        pm: MEX_NODE,
        sentido: 'I' as const,
        tipo: 'EXPORTACION' as const,
        anexo_id: null,
        mw_declarada: null,
        mw_fija: '20',
        bloques: [
          { precio: '1450.00', mw: '30' },
          { precio: peak(periodo) ? '2100.00' : '1850.00', mw: '30' },
          { precio: '2600.00', mw: '20' },
        ],
      })),
      { moneda: 'MXN', tipoCambio: fix },
    );
    await replaceOffers(
      tx,
      id,
      OFFER_SCOPES.mexImportacion,
      hours.map((periodo) => ({
        periodo,
        pm: MEX_NODE,
        sentido: 'R' as const,
        tipo: 'IMPORTACION' as const,
        anexo_id: null,
        mw_declarada: null,
        mw_fija: '40',
        bloques: [
          { precio: '2500.00', mw: '40' },
          { precio: '1900.00', mw: '40' },
          { precio: '1400.00', mw: '30' },
        ],
      })),
      { moneda: 'MXN', tipoCambio: fix },
    );
    await setLogbookState(tx, id, 'enviada', TRADER);
    await tx.execute(sql`update bitacoras set enviada_en = ${`${addDays(fecha, -1)}T15:00:00Z`}::timestamptz, created_by = ${SEED_ACTOR} where id = ${id}`);
  }
  // Components in MXN/MWh: energy with the day's shape, losses about 6% of it, congestion only in the evening.
  await tx.execute(
    sql`with horas as (
          select d::date as fecha, h as periodo,
            round((1250 + 520 * sin(pi() * greatest(h - 6, 0) / 18.0))::numeric + (37 * extract(day from d)::int) % 5, 2) as energia,
            round((0.06 * (1250 + 520 * sin(pi() * greatest(h - 6, 0) / 18.0)))::numeric + (h % 3) * 0.37, 2) as perdidas,
            case when h between 18 and 21 then round(310 + 45.5 * (h - 18) + (extract(day from d)::int % 4) * 12.13, 2) else 0 end as congestion
          from generate_series(${addDays(day, -MEX_DAYS)}::date, ${addDays(day, -1)}::date, interval '1 day') d, generate_series(1, 24) h)
        insert into precios_pml (nodo, fecha, periodo, pml, componente_energia, componente_perdidas, componente_congestion, cargado_por)
        select ${MEX_NODE}, fecha, periodo, energia + perdidas + congestion + (case when periodo % 7 = 0 then 0.01 else 0 end),
          energia, perdidas, congestion, ${SEED_ACTOR}
        from horas`,
  );
}

export async function seedDemoLogbooks(db: Db, today = new Date()): Promise<void> {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from bitacoras`);
  if (existing?.n) return;
  const day = businessToday(today);
  await db.transaction(async (tx) => {
    for (let back = SENT_DAYS; back >= 1; back -= 1) {
      const fecha = addDays(day, -back);
      const annexes = await annexesInForce(tx, 'regional', fecha);
      if (annexes.length === 0) continue;
      const filas = annexes.flatMap((annex) => declarations(annex));
      const sentAt = `${addDays(fecha, -1)}T15:30:00Z`;
      const id = await sendMer(tx, fecha, filas, sentAt);
      let sent = filas;
      if (back === 1) {
        // Yesterday's was sent again an hour later, the evening lowered: the first is kept, replaced.
        await setLogbookState(tx, id, 'reemplazada', TRADER);
        sent = annexes.flatMap((annex) => declarations(annex, 0.8));
        await sendMer(tx, fecha, sent, `${addDays(fecha, -1)}T16:30:00Z`);
      }
      if (back <= PREDESPACHO_DAYS) {
        const fileName = predespachoFileName(fecha, 'OSO001');
        const reading = await parsePredespacho(await predespachoWorkbook(fecha, 'OSO001', declaredTransactions(annexes, sent)), fileName, { fecha });
        if (!reading.workbook) throw new Error(`the simulator's predespacho of ${fecha} does not read: ${JSON.stringify(reading.problems.slice(0, 3))}`);
        await storePredespacho(tx, reading.workbook, { fileName, cargadoPor: SEED_ACTOR });
      }
    }

    // El Salvador: two units' limits for today and the coming week; today's injection offers.
    for (let ahead = 0; ahead <= 7; ahead += 1) {
      await upsertSlvLimits(
        tx,
        addDays(day, ahead),
        [
          { pm: 'SV-AHU-115', costo_variable: '98.4', cargo_sistema: '14', mw_ofertable: '25' },
          { pm: 'SV-NEJ-230', costo_variable: '121.75', cargo_sistema: '14', mw_ofertable: '40' },
        ],
        SEED_ACTOR,
      );
    }
    const slv = await insertLogbook(tx, 'SLV', day, TRADER);
    await replaceOffers(
      tx,
      slv,
      OFFER_SCOPES.slvInyeccion,
      Array.from({ length: 24 }, (_, index) => ({
        periodo: index + 1,
        pm: 'SV-AHU-115',
        sentido: 'I' as const,
        tipo: 'OPORTUNIDAD' as const,
        anexo_id: null,
        mw_declarada: null,
        bloques: [
          { precio: '115.00', mw: '10' },
          { precio: index >= 17 && index <= 20 ? '142.50' : '128.00', mw: '12' },
        ],
      })),
      { moneda: 'USD' },
    );

    // Mexico: the thermal plants behind import offers.
    const since = addDays(day, -180);
    await insertImportAgent(tx, { codigo_agente: 'GT-SJO', nombre: 'San José Power', planta: 'San José 1', combustible: 'carbon', cv_usd_mwh: '61.2', mw_max: '120', vigente_desde: since, vigente_hasta: null }, SEED_ACTOR);
    await insertImportAgent(tx, { codigo_agente: 'GT-LPA', nombre: 'Las Palmas', planta: 'Las Palmas 2', combustible: 'bunker', cv_usd_mwh: '96.5', mw_max: '60', vigente_desde: since, vigente_hasta: null }, SEED_ACTOR);

    // Mexico: the link's sent offers of the last week and CENACE's day-ahead PML at its node.
    await seedMexicoLink(tx, day);

    // Guatemala: last week's AMM record, the local annexes declared at their contracted MW.
    const desde = addDays(day, -7);
    const hasta = addDays(day, -1);
    const local = await annexesInForce(tx, 'amm', desde, hasta);
    if (local.length > 0) {
      const amm = await insertLogbook(tx, 'AMM', desde, TRADER, hasta);
      await replaceOffers(tx, amm, OFFER_SCOPES.amm, local.flatMap((annex) => declarations(annex)), { moneda: 'USD' });
      await setLogbookState(tx, amm, 'enviada', TRADER);
      await tx.execute(sql`update bitacoras set enviada_en = ${`${addDays(desde, -2)}T17:00:00Z`}::timestamptz, created_by = ${SEED_ACTOR} where id = ${amm}`);
    }
  });
}
