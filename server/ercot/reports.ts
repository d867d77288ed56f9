// The ERCOT billing report (docs/reports.md, `liquidacion-ercot-top-preliminar` [P]): the month's
// day-ahead awards, one row per operating day, hour ending, award and point, at the DAM price of
// its hour, with the amount the ERCOT section settles (`settled`, server/ercot/store.ts: the
// very SQL of settled-bids and acumulados, so the report's total is acumulados' last running total).
import { sql } from 'drizzle-orm';
import { ercotTopBodySchema, type ErcotTopBody } from '../../schemas/report.schema';
import { defineReport, monthRange } from '../reports/kit';
import { settled } from './store';

export const ercotTopReport = defineReport<ErcotTopBody>({
  nombre: 'liquidacion-ercot-top-preliminar',
  body: ercotTopBodySchema,
  columns: [
    { clave: 'dia_operacion', tipo: 'date' },
    { clave: 'hora_final', tipo: 'integer' },
    // ERCOT's DSTFlag: Y on the second hour ending 02 of the day the clocks go back.
    { clave: 'dst', tipo: 'text' },
    { clave: 'tipo', tipo: 'text' },
    { clave: 'punto', tipo: 'text' },
    { clave: 'punto_sumidero', tipo: 'text' },
    { clave: 'mw_adjudicado', tipo: 'mwh' },
    { clave: 'precio', tipo: 'price' },
    { clave: 'precio_sumidero', tipo: 'price' },
    { clave: 'monto', tipo: 'usd' },
  ],
  order: ['dia_operacion', 'hora_final', 'dst', 'tipo', 'punto', 'punto_sumidero'],
  rows: (body) =>
    sql`with ${settled(monthRange(body))}
      select l."dia_operacion", l."hora_final", case when l."repetida" then 'Y' else 'N' end as dst, l."tipo", l."punto", l."punto_sumidero",
        l."mw_adjudicado", l.spp as precio, l.spp_sumidero as precio_sumidero, l.monto
      from liquidadas l`,
});
