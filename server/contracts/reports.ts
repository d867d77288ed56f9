// The contracts' billing reports (docs/reports.md). `contratos-locales-mex` [P]: the local
// contracts of the Mexico branch in force in a month (a contract is in force when one of its
// annexes is, on any day of the month: the annexes carry the periods, as the settlements and the
// log books read them), one row per contract with its parameters (the contract's own: type,
// direction, class, currency, start and term, fixed price, cap, fee, margin, power), how many
// of its annexes are in force, their contracted MW averaged over the month's days, and the
// month's energy of those annexes, read from each annex's day (`energia_anexo_dia`) in the
// version asked or the most final one each annex has that day (`mejor`: CD > DF > PE, never a
// mix within an annex's day); a row's version is the least final one it summed.
import { sql } from 'drizzle-orm';
import { localContractsMxBodySchema, type LocalContractsMxBody } from '../../schemas/report.schema';
import { powerMw } from '../logbooks/store';
import { defineReport, monthRange } from '../reports/kit';

export const localContractsMxReport = defineReport<LocalContractsMxBody>({
  nombre: 'contratos-locales-mex',
  body: localContractsMxBodySchema,
  columns: [
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'tipo_contrato', tipo: 'text' },
    { clave: 'tipo_transaccion', tipo: 'text' },
    { clave: 'clase_contrato', tipo: 'text' },
    { clave: 'moneda', tipo: 'text' },
    { clave: 'fecha_inicio', tipo: 'date' },
    { clave: 'plazo', tipo: 'integer' },
    { clave: 'precio_fijo', tipo: 'price' },
    { clave: 'poc', tipo: 'price' },
    { clave: 'fee_mwh', tipo: 'price' },
    { clave: 'margen_pct', tipo: 'percent' },
    { clave: 'potencia', tipo: 'mwh', total: null },
    { clave: 'anexos', tipo: 'integer', total: 'sum' },
    { clave: 'mw', tipo: 'mwh' },
    { clave: 'version', tipo: 'text' },
    { clave: 'mwh_fisica', tipo: 'mwh' },
    { clave: 'mwh_flex', tipo: 'mwh' },
    { clave: 'mwh_total', tipo: 'mwh' },
  ],
  order: ['contrato', 'contrato_id'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    const version = body.version ?? 'mejor';
    return sql`with anexos_mes as (
        select a."id", a."contrato_id", ${powerMw} as mw,
          least(a."fecha_fin", ${hasta}::date) - greatest(a."fecha_inicio", ${desde}::date) + 1 as dias
        from "anexos" a join "contratos" c on c."id" = a."contrato_id"
        where c."sucursal" = 'MX' and c."local_regional" = 'local'
          and a."fecha_inicio" <= ${hasta}::date and a."fecha_fin" >= ${desde}::date
          ${body.empresa_id === undefined ? sql`` : sql`and c."empresa_id" = ${body.empresa_id}`}
          ${body.contrato_id === undefined ? sql`` : sql`and c."id" = ${body.contrato_id}`}
      ),
      dias as (
        select distinct on (e."anexo_id", e."fecha") e."anexo_id",
          case e."version" when 'CD' then 3 when 'DF' then 2 else 1 end as rango, e."energia_fisica_mwh" as fisica, e."energia_flex_mwh" as flex
        from "energia_anexo_dia" e
        where e."fecha" between ${desde}::date and ${hasta}::date and e."anexo_id" in (select "id" from anexos_mes)
          ${version === 'mejor' ? sql`` : sql`and e."version" = ${version}`}
        order by e."anexo_id", e."fecha", rango desc
      ),
      energia as (
        select a."contrato_id", (array['PE', 'DF', 'CD'])[min(d.rango)] as version,
          sum(d.fisica) as mwh_fisica, sum(d.flex) as mwh_flex, sum(d.fisica + d.flex) as mwh_total
        from dias d join anexos_mes a on a."id" = d."anexo_id"
        group by a."contrato_id"
      ),
      potencia as (
        select a."contrato_id", count(*) as anexos,
          sum(a.mw * a.dias) / (${hasta}::date - ${desde}::date + 1) as mw
        from anexos_mes a group by a."contrato_id"
      )
      select c."id" as contrato_id, c."codigo_contraparte" as contrato, emp."razon_social", c."tipo_contrato", c."tipo_transaccion",
        c."clase_contrato", c."moneda", c."fecha_inicio", c."plazo", c."precio_fijo", c."poc", c."fee" as fee_mwh, c."margen" as margen_pct, c."potencia",
        p.anexos, round(p.mw, 3) as mw, x.version, x.mwh_fisica, x.mwh_flex, x.mwh_total
      from potencia p join "contratos" c on c."id" = p."contrato_id" join "empresas" emp on emp."id" = c."empresa_id"
        left join energia x on x."contrato_id" = c."id"`;
  },
});
