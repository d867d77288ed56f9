// Made-up market data, written set-based: each function takes a query that yields the keys to
// fill (which node and hour, which annex and hour, ...) and answers the INSERT ... SELECT that
// gives every key a plausible value and leaves the rows already there alone. The values are
// deterministic (hashes of their keys), so the same keys get the same values on every machine
// and a re-run changes nothing: node prices of ~80-180 $/MWh with a daily shape (night low,
// evening peak), DF within 3% of PE; energy shaped by the hour from the annex's contracted
// power, DF within 2% of PE; loss factors a little above 1; a few $/MWh of country charges;
// MXN/USD around 17-19.
// Shared by the demo seed (seedDemoMarketData) and fillMissingMarketData (tests, the
// settlement bench). Never for real data: the values are invented.
import { sql, type SQL } from 'drizzle-orm';
import { IMPORTED_CHARGE_COLUMNS, importedChargeColumnSql, importedChargeColumnsSql } from '../../countries/store';

/** How the price of a node moves over the day's 24 periods (1 = the node's base price). */
const PRICE_SHAPE = [
  0.82, 0.8, 0.79, 0.79, 0.81, 0.86, 0.95, 1.02, 1.06, 1.08, 1.1, 1.12, 1.12, 1.11, 1.1, 1.1, 1.13, 1.22, 1.35, 1.38, 1.3, 1.15,
  0.98, 0.88,
];

/** How a consumer's load moves over the day's 24 periods (1 = the contracted power). */
const LOAD_SHAPE = [
  0.62, 0.58, 0.56, 0.55, 0.57, 0.63, 0.74, 0.85, 0.92, 0.96, 0.98, 1, 0.99, 0.98, 0.97, 0.97, 0.98, 0.99, 1, 0.98, 0.93, 0.85, 0.75,
  0.67,
];

const shape = (values: readonly number[], period: SQL) => sql`${sql.raw(`(array[${values.join(',')}]::numeric[])`)}[${period}]`;

/**
 * A number in [0, 1) from integer `parts` (hashed one into the next): the same parts, the same
 * number. Integers, not text: a seed hashes a few million of them.
 */
const unit = (...parts: SQL[]) => {
  const folded = parts.reduce<SQL>((hash, part) => sql`hashint8(${hash}::bigint * 65599 + ${part})`, sql`0`);
  return sql`((${folded} & 65535) / 65536.0)`;
};

// The keys as integers; the salts keep apart the numbers drawn from the same keys.
const node = sql`hashtext(k.nodo)`;
const day = sql`(k.fecha - date '2000-01-01')`;
const period = sql`k.periodo`;
const version = sql`hashtext(k.version)`;
const salt = (n: number) => sql.raw(String(n));

/** A PE value as it is; another version moved by up to ±`spread` from it, per key. */
const versionFactor = (spread: number, ...parts: SQL[]) =>
  sql`(case when k.version = 'PE' then 1 else ${sql.raw(String(1 - spread))} + ${sql.raw(String(2 * spread))} * ${unit(...parts, version)} end)`;

const keyed = (keys: SQL) => sql`(${keys}) k`;

/**
 * Node prices for `keys` (columns `nodo`, `fecha`, `periodo`, `version`): the node's base price
 * (108-124) x the hour's shape x the day's level (±5%) ± 4 $/MWh; DF and CD within 3% of PE.
 */
export function insertNodePrices(keys: SQL, by: string | null): SQL {
  return sql`
    insert into precios_nodo (nodo, fecha, periodo, version, precio, cargado_por)
    select k.nodo, k.fecha, k.periodo, k.version,
           round(((108 + 16 * ${unit(salt(1), node)}) * ${shape(PRICE_SHAPE, period)} * (0.95 + 0.1 * ${unit(salt(2), node, day)})
                  + 8 * ${unit(salt(3), node, day, period)} - 4)
                 * ${versionFactor(0.03, salt(4), node, day, period)}, 2),
           ${by}
    from ${keyed(keys)}
    on conflict do nothing`;
}

/**
 * Energy for `keys` (columns `anexo_id`, `fecha`, `periodo`, `version`), from the annex's
 * contracted power in MW x the hour's load shape: physical 75-90% of it, DF and CD within 2%
 * of PE; flex a steady 8%.
 */
export function insertAnnexEnergy(keys: SQL, by: string | null): SQL {
  const mw = sql`a.potencia_contratada * (case a.unidad_potencia when 'kW' then 0.001 else 1 end) * ${shape(LOAD_SHAPE, period)}`;
  const annex = sql`k.anexo_id`;
  return sql`
    insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh, cargado_por)
    select k.anexo_id, k.fecha, k.periodo, k.version,
           round(${mw} * (0.75 + 0.15 * ${unit(salt(5), annex, day, period)}) * ${versionFactor(0.02, salt(6), annex, day, period)}, 3),
           round(${mw} * 0.08, 3), ${by}
    from ${keyed(keys)} join anexos a on a.id = k.anexo_id
    on conflict do nothing`;
}

/** Loss factors for `keys` (columns `nodo`, `fecha`, `periodo`, `version`): 1.005-1.035. */
export function insertLossFactors(keys: SQL, by: string | null): SQL {
  return sql`
    insert into factores_perdida (nodo, fecha, periodo, version, fpn, cargado_por)
    select k.nodo, k.fecha, k.periodo, k.version,
           round(1.005 + 0.03 * ${unit(salt(7), node, day, period, version)}, 4), ${by}
    from ${keyed(keys)}
    on conflict do nothing`;
}

/**
 * Country charge rates for `keys` (columns `pais`, `concepto`, `vigente_desde`), in force from
 * then on, stored as the imported charges of their kind (server/countries/rules.ts): MMi
 * 0.9-1.5, MMr 0.6-1.2, main toll 2.0-3.5 $/MWh.
 */
export function insertChargeRates(keys: SQL, by: string | null): SQL {
  const u = unit(salt(8), sql`hashtext(k.pais)`, sql`hashtext(k.concepto)`);
  return sql`
    insert into cargos_pais (pais, ${sql.raw(IMPORTED_CHARGE_COLUMNS.join(', '))}, vigente_desde, vigente_hasta, tasa, created_by, updated_by)
    select k.pais, ${importedChargeColumnsSql(sql`k.concepto`)}, k.vigente_desde,
           -- Until the day before the next stored period of its country and code, else open-ended:
           -- periods never overlap (migration 0019_country_charges).
           (select min(c.vigente_desde) - 1 from cargos_pais c where c.pais = k.pais and c.codigo = ${importedChargeColumnSql('codigo', sql`k.concepto`)} and c.vigente_desde > k.vigente_desde),
           round(case k.concepto when 'MMi' then 0.9 + 0.6 * ${u} when 'MMr' then 0.6 + 0.6 * ${u} else 2 + 1.5 * ${u} end, 2),
           ${by}, ${by}
    from ${keyed(keys)}
    -- The conflict names its target: a deferred exclusion constraint cannot be an arbiter.
    on conflict (pais, codigo, vigente_desde) do nothing`;
}

/** MXN per USD for `keys` (column `fecha`): a slow swing between ~16.9 and ~18.7 with daily noise. */
export function insertExchangeRates(keys: SQL, by: string | null): SQL {
  return sql`
    insert into tipos_cambio (fecha, tipo_cambio, cargado_por)
    select k.fecha, round(17.5 + 0.9 * sin((k.fecha - date '2020-01-01') / 45.0::float8)::numeric + 0.3 * ${unit(salt(9), day)}, 4), ${by}
    from ${keyed(keys)}
    on conflict do nothing`;
}
