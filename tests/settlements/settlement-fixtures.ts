import type { ContractListItem } from '../../schemas/contract.schema';
import type { SettlementDetail, SettlementRow } from '../../schemas/settlement.schema';

/** The signed-in user of the session double (tests/app/helpers/session-double.ts). */
export const ME = { id: 7, email: 'ada@demo.energy' };

function row(anexo_id: number, fecha: string | null, periodo: number | null, scale: number): SettlementRow {
  const amount = (value: number) => (value * scale).toFixed(2);
  return {
    anexo_id,
    fecha,
    periodo,
    energia_fisica_mwh: String(4 * scale),
    energia_flex_mwh: String(1 * scale),
    energia_total_mwh: String(5 * scale),
    cargos_mmi: amount(1.5),
    cargos_mmr: amount(2.5),
    cmorc: amount(0.75),
    liquidacion_fisica: amount(360),
    liquidacion_flex: amount(90),
    liquidacion_fpn: amount(0.5),
    liquidacion_energia: amount(450.5),
    liquidacion_potencia: amount(151.21),
    fee: amount(0),
    margen: amount(12.25),
    factura: amount(1234.56),
    factura_mxn: null,
  };
}

/** A computed, preliminary DF of contract 3 for March 2026, prepared by someone else; rows at `agregacion`. */
export function settlementDetail(agregacion: SettlementDetail['agregacion'] = 'hora', changes: Partial<SettlementDetail> = {}): SettlementDetail {
  const filas =
    agregacion === 'hora'
      ? [row(7, '2026-03-01', 1, 1), row(7, '2026-03-01', 2, 1)]
      : agregacion === 'dia'
        ? [row(7, '2026-03-01', null, 24), row(7, '2026-03-02', null, 24)]
        : [row(7, null, null, 744)];
  return {
    id: 12,
    contrato_id: 3,
    contrato_codigo: 'CP-0003',
    empresa_id: 5,
    empresa_razon_social: 'Generadora Norte, S.A.',
    sucursal: 'GT',
    moneda: 'USD',
    anio: 2026,
    mes: 3,
    version_liquidacion: 'DF',
    reconciliacion: 0,
    estado: 'preliminar',
    conciliada: false,
    energia_total_mwh: '3720',
    cargos_mmi: '1116',
    cargos_mmr: '1860',
    cmorc: '558',
    liquidacion_energia: '335172',
    liquidacion_potencia: '112500.24',
    fee: '0',
    margen: '9114',
    factura: '918512.64',
    factura_mxn: null,
    calculada_por: 'bruno@demo.energy',
    calculada_en: '2026-04-02T10:15:00.000Z',
    validada_por: null,
    validada_en: null,
    version: 4,
    agregacion,
    filas,
    totales: { ...row(0, null, null, 744), energia_fisica_mwh: '2976', energia_flex_mwh: '744', energia_total_mwh: '3720' },
    ...changes,
  };
}

export function contract(id: number, codigo_contraparte: string): ContractListItem {
  return {
    id,
    empresa_id: 5,
    empresa_razon_social: `Generadora ${id}`,
    sucursal: 'GT',
    tipo_contrato: 'PF',
    tipo_transaccion: 'I',
    clase_contrato: 'CF',
    fecha_inicio: '2026-01-01',
    plazo: 12,
    local_regional: 'regional',
    codigo_contraparte,
    codigo_agente: 'EPWM-GT',
    tripartito: false,
    moneda: 'USD',
    monto_garantia: '1000',
    numero_anexos: 1,
    version: 1,
  };
}
