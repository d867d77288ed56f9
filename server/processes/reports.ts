// The bid processes' billing report (docs/reports.md). `contratos-eor-regional` [P]: the regional
// contracts the EOR registers, one row per annex of the MER's (regional contracts of the Central
// American branches, `merContracts`, as the MER log book and Registra read them) in force on any
// day of the month: its code at the EOR (Registra's key, `annexCode`), its class (CF, CNFFF,
// ...), direction, firm-contract code, PMi and PMr, contracted MW, the transmission rights'
// holder, its dates, the planilla number the annex keeps, and the planilla our Registra runs
// registered for it: the live one if any (`registrada`, on its site), else the last one a
// Supresion run deleted (`eliminada`), else none (`sin_registrar`).
import { sql } from 'drizzle-orm';
import { eorRegionalContractsBodySchema, type EorRegionalContractsBody } from '../../schemas/report.schema';
import { merContracts, powerMw } from '../logbooks/store';
import { defineReport, monthRange } from '../reports/kit';
import { annexCode } from './candidates';

export const eorRegionalContractsReport = defineReport<EorRegionalContractsBody>({
  nombre: 'contratos-eor-regional',
  body: eorRegionalContractsBodySchema,
  columns: [
    { clave: 'anexo_id', tipo: 'integer' },
    { clave: 'codigo', tipo: 'text' },
    { clave: 'contrato_id', tipo: 'integer' },
    { clave: 'contrato', tipo: 'text' },
    { clave: 'razon_social', tipo: 'text' },
    { clave: 'sucursal', tipo: 'text' },
    { clave: 'clase_contrato', tipo: 'text' },
    { clave: 'tipo_transaccion', tipo: 'text' },
    { clave: 'codigo_contrato_firme', tipo: 'text' },
    { clave: 'pmi', tipo: 'text' },
    { clave: 'pmr', tipo: 'text' },
    { clave: 'mw', tipo: 'mwh' },
    { clave: 'titular_transmision', tipo: 'text' },
    { clave: 'fecha_inicio', tipo: 'date' },
    { clave: 'fecha_fin', tipo: 'date' },
    { clave: 'numero_planilla', tipo: 'text' },
    { clave: 'planilla_registrada', tipo: 'text' },
    { clave: 'sitio', tipo: 'text' },
    { clave: 'estado_planilla', tipo: 'text' },
  ],
  order: ['contrato', 'anexo_id'],
  rows: (body) => {
    const { desde, hasta } = monthRange(body);
    return sql`select a.id as anexo_id, ${annexCode} as codigo, c.id as contrato_id, c.codigo_contraparte as contrato, e.razon_social,
        c.sucursal, c.clase_contrato, c.tipo_transaccion, a.codigo_contrato_firme,
        array_to_string(a.pmi, ', ') as pmi, array_to_string(a.pmr, ', ') as pmr, round(${powerMw}, 3) as mw,
        a.titular_transmision, a.fecha_inicio, a.fecha_fin, a.numero_planilla,
        p.numero_planilla as planilla_registrada, p.sitio, coalesce(p.estado, 'sin_registrar') as estado_planilla
      from anexos a
      join contratos c on c.id = a.contrato_id
      join empresas e on e.id = c.empresa_id
      left join lateral (
        select r.numero_planilla, r.sitio, case when r.eliminada_en is null then 'registrada' else 'eliminada' end as estado
        from planillas_registradas r
        where r.anexo_id = a.id or (r.anexo_id is null and r.codigo_anexo = ${annexCode})
        order by r.eliminada_en is null desc, coalesce(r.eliminada_en, r.registrada_en) desc, r.id desc
        limit 1
      ) p on true
      where ${merContracts} and a.fecha_inicio <= ${hasta}::date and a.fecha_fin >= ${desde}::date
        ${body.pais === undefined ? sql`` : sql`and c.sucursal = ${body.pais}`}
        ${body.empresa_id === undefined ? sql`` : sql`and c.empresa_id = ${body.empresa_id}`}
        ${body.contrato_id === undefined ? sql`` : sql`and c.id = ${body.contrato_id}`}`;
  },
});
