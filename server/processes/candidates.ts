// What the selection steps start from, read set-based from the annexes in force:
// - Registra's registration rows: one per annex in force on a day (docs/processes.md,
//   "Registration row"), none ticked;
// - Sube's bid-hour grid of an operating day: each PM of the annexes in force that day times
//   the 24 periods, with the power contracted there and the node's price of that hour.
import { sql } from 'drizzle-orm';
import { BID_PERIODS, bidPriceOf, type BidHour, type RegistrationRow } from '../../schemas/process.schema';
import { queryRows, type Db } from '../db/client';
import { merContracts, powerMw, sentDeclarationHours } from '../logbooks/store';

/** Today in the server's calendar (UTC), as an ISO date. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The code of annex `a` of contract `c` at the EOR, its natural key on the site (a planilla's `codigo_anexo`). */
export const annexCode = sql`c.codigo_contraparte || '-A' || a.id`;

/** Annex `a` is in force on `fecha`. */
const inForce = (fecha: string) => sql`a.fecha_inicio <= ${fecha}::date and a.fecha_fin >= ${fecha}::date`;

/**
 * The registration rows of the annexes in force on `fecha`, by contract code and annex, none of
 * them ticked: a registered planilla stays on the operator's site (a stop leaves it there), so
 * the trader chooses every row that goes; one already registered on the chosen site is refused
 * at the start, beside its row (`alreadyRegistered`).
 */
export async function registrationCandidates(db: Db, fecha: string): Promise<RegistrationRow[]> {
  const rows = await queryRows<RegistrationRow & { oferta_maxima: string | null }>(
    db,
    sql`select a.id as anexo_id,
          ${annexCode} as codigo,
          c.id as contrato_id,
          c.codigo_contraparte as contrato_codigo,
          to_char(a.fecha_inicio, 'YYYY-MM-DD') as inicio,
          to_char(a.fecha_fin, 'YYYY-MM-DD') as fin,
          c.tipo_contrato as tipo,
          c.clase_contrato,
          c.tipo_transaccion as transaccion,
          e.razon_social as contraparte,
          case when a.derecho_transmision is not null and a.derecho_transmision_tipo is not null
            then trim_scale(a.derecho_transmision)::text || ' ' || a.derecho_transmision_tipo end as derechos_transmision,
          a.titular_transmision,
          coalesce(a.pct_responsable_transmision, 0) > 0 as paga_transporte,
          nullif(trim_scale(round(${powerMw}, 3)), 0)::text as oferta_maxima,
          a.pmr,
          a.pmi,
          false as registrar
        from anexos a
        join contratos c on c.id = a.contrato_id
        join empresas e on e.id = c.empresa_id
        where ${inForce(fecha)}
        order by c.codigo_contraparte, a.id`,
  );
  return rows;
}

/**
 * The bid-hour grid of operating day `fecha`. When the day's MER log book was sent, the grid is
 * what it declared (docs/logbooks.md): each PM and period it names, with the MW declared, the
 * price asked as the bid price, and the hour to bid; the node's price of the day beside it.
 * Otherwise: for each PM of the MER's annexes in force that day (regional contracts of the
 * Central American branches: the injection points PMi of an injection contract, the withdrawal
 * points PMr of any other, where the contracted energy is delivered or taken) and each period, `potencia` the sum of the
 * contracted power (MW) of the annexes naming that PM, and `precio` the node's PE price of that
 * hour, else its DF price, else none. What is bid starts as what is there: the power, the price
 * at 100 %, and the hour to bid when it has a price.
 */
export async function bidHours(db: Db, fecha: string): Promise<BidHour[]> {
  const declared = await sentDeclarationHours(db, fecha);
  if (declared.length > 0) return declaredHours(db, fecha, declared);
  const rows = await queryRows<{ nodo: string; periodo: number; potencia: string | null; precio: string | null }>(
    db,
    sql`with puntos as (
          select unnest(case when c.tipo_transaccion = 'I' then a.pmi else a.pmr end) as nodo, ${powerMw} as mw
          from anexos a join contratos c on c.id = a.contrato_id
          where ${inForce(fecha)} and ${merContracts}),
        nodos as (
          select nodo, sum(mw) as potencia from puntos where trim(nodo) <> '' group by nodo)
        select n.nodo, g.periodo::int as periodo,
          nullif(trim_scale(round(n.potencia, 3)), 0)::text as potencia,
          trim_scale(round(coalesce(pe.precio, df.precio), 4))::text as precio
        from nodos n
        cross join generate_series(1, ${BID_PERIODS}) as g(periodo)
        left join precios_nodo pe on pe.nodo = n.nodo and pe.fecha = ${fecha}::date and pe.periodo = g.periodo and pe.version = 'PE'
        left join precios_nodo df on df.nodo = n.nodo and df.fecha = ${fecha}::date and df.periodo = g.periodo and df.version = 'DF'
        order by n.nodo, g.periodo`,
  );
  return rows.map((row) => {
    const precioOferta = bidPriceOf(row.precio, 100);
    return {
      periodo: row.periodo,
      nodo: row.nodo,
      potencia: row.potencia,
      // A power too small to show to the thousandth bids the smallest there is.
      potencia_oferta: row.potencia ?? '0.001',
      precio: row.precio,
      precio_oferta: precioOferta ?? '',
      ofertar: precioOferta !== null && Number(precioOferta) > 0,
      prioridad: null,
    };
  });
}

/** The bid hours of a sent MER log book's declarations, with the node's price of each hour beside them. */
async function declaredHours(db: Db, fecha: string, declared: Awaited<ReturnType<typeof sentDeclarationHours>>): Promise<BidHour[]> {
  const prices = await queryRows<{ nodo: string; periodo: number; precio: string | null }>(
    db,
    sql`select d.nodo, d.periodo::int as periodo, trim_scale(round(coalesce(pe.precio, df.precio), 4))::text as precio
        from json_to_recordset(${JSON.stringify(declared)}::json) as d(nodo text, periodo int)
        left join precios_nodo pe on pe.nodo = d.nodo and pe.fecha = ${fecha}::date and pe.periodo = d.periodo and pe.version = 'PE'
        left join precios_nodo df on df.nodo = d.nodo and df.fecha = ${fecha}::date and df.periodo = d.periodo and df.version = 'DF'`,
  );
  const priceOf = new Map(prices.map((row) => [`${row.nodo}|${row.periodo}`, row.precio]));
  return declared.map((row) => ({
    periodo: row.periodo,
    nodo: row.nodo,
    potencia: row.mw,
    potencia_oferta: row.mw === '0' ? '0.001' : row.mw,
    precio: priceOf.get(`${row.nodo}|${row.periodo}`) ?? null,
    precio_oferta: row.precio ?? '',
    // An hour declared at 0 MW, or without a price, is shown but not bid.
    ofertar: row.precio !== null && Number(row.precio) > 0 && Number(row.mw) > 0,
    prioridad: null,
  }));
}
