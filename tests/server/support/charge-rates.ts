// Charge rates written straight into `cargos_pais`, as the market-data import stores them (the
// charge named after its kind: server/countries/rules.ts), for tests that set up market data
// or ask the database itself to refuse a period.
import { sql, type SQL } from 'drizzle-orm';
import { importedChargeValues } from '../../../server/countries/rules';
import type { ChargeKind } from '../../../schemas/settlement.schema';
import type { CargoPaisRow } from '../../../server/db/schema/country-charges';

/** A rate: country, kind, first day, last day (null: open-ended) and USD per MWh. */
type RateRow = [pais: CargoPaisRow['pais'], concepto: ChargeKind, desde: string, hasta: string | null, tasa: string | number];

/** The INSERT of `rates` into `cargos_pais`. */
export function insertRates(...rates: RateRow[]): SQL {
  const rows = rates.map(([pais, concepto, vigente_desde, vigente_hasta, tasa]) => {
    const values = importedChargeValues({ pais, concepto, vigente_desde, vigente_hasta, tasa: String(tasa) });
    return sql`(${values.pais}, ${values.codigo}, ${values.nombre}, ${values.base}, ${values.unidad}, ${values.moneda}, ${values.pagador},
      ${values.concepto_liquidacion}, ${values.vigente_desde}::date, ${values.vigente_hasta}::date, ${values.tasa}::numeric)`;
  });
  return sql`insert into cargos_pais (pais, codigo, nombre, base, unidad, moneda, pagador, concepto_liquidacion, vigente_desde, vigente_hasta, tasa)
    values ${sql.join(rows, sql`, `)}`;
}
