// The settlements' billing reports (docs/reports.md). `energia-gtm` [P]: a range of days' energy of
// the Guatemala branch's contracts, one row per contract and day, read from each annex's day
// (`energia_anexo_dia`, kept summed from the hourly `energia_anexo` by the database) in the
// version asked, or the most final one each annex has that day (`mejor`: CD > DF > PE, never a
// mix of versions within an annex's day). A row's version is the least final one it summed.
import { sql } from 'drizzle-orm';
import { energyGtBodySchema, type EnergyGtBody } from '../../schemas/report.schema';
import { defineReport } from '../reports/kit';

export const energyGtReport = defineReport<EnergyGtBody>({
  nombre: 'energia-gtm',
  body: energyGtBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'fecha', tipo: 'date' },
    { clave: 'anexos', tipo: 'integer' },
    { clave: 'version', tipo: 'text' },
    { clave: 'mwh_fisica', tipo: 'mwh' },
    { clave: 'mwh_flex', tipo: 'mwh' },
    { clave: 'mwh_total', tipo: 'mwh' },
  ],
  order: ['contrato_id', 'fecha'],
  rows: (body) => {
    const { desde, hasta } = body;
    const version = body.version ?? 'mejor';
    return sql`with anexos_gt as (
        select a."id", c."id" as contrato_id, c."codigo_contraparte" as contrato, c."empresa_id"
        from "anexos" a join "contratos" c on c."id" = a."contrato_id"
        where c."sucursal" = 'GT'
          ${body.empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${body.empresa_id}`}
          ${body.contrato_id === undefined ? sql`` : sql`and c."id" = ${body.contrato_id}`}
      ),
      dias as (
        select distinct on (e."anexo_id", e."fecha") e."anexo_id", e."fecha",
          case e."version" when 'CD' then 3 when 'DF' then 2 else 1 end as rango, e."energia_fisica_mwh" as fisica, e."energia_flex_mwh" as flex
        from "energia_anexo_dia" e
        where e."fecha" between ${desde}::date and ${hasta}::date and e."anexo_id" in (select "id" from anexos_gt)
          ${version === 'mejor' ? sql`` : sql`and e."version" = ${version}`}
        order by e."anexo_id", e."fecha", rango desc
      )
      select f.contrato_id, f.contrato, emp."razon_social", d."fecha", count(*) as anexos, (array['PE', 'DF', 'CD'])[min(d.rango)] as version,
        sum(d.fisica) as mwh_fisica, sum(d.flex) as mwh_flex, sum(d.fisica + d.flex) as mwh_total
      from dias d join anexos_gt f on f."id" = d."anexo_id" join "empresas" emp on emp."id" = f."empresa_id"
      group by f.contrato_id, f.contrato, emp."razon_social", d."fecha"`;
  },
});
