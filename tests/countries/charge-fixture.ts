import type { Charge } from '../../schemas/country-charge.schema';

/** A stored Panama charge period as the API answers it (PA_SPT, kW-month, feeding MMr), with `values` over it. */
export function storedCharge(values: Partial<Charge> = {}): Charge {
  return {
    id: 41,
    pais_id: 6,
    pais: 'PA',
    codigo: 'PA_SPT',
    nombre: 'Uso del Sistema Principal de Transmisión',
    base: 'kw_mes',
    unidad: 'USD/kW-mes',
    moneda: 'USD',
    tasa: '3.472000',
    vigente_desde: '2025-07-01',
    vigente_hasta: null,
    referencia_legal: null,
    pagador: 'comprador',
    gravado: false,
    concepto_liquidacion: 'MMr',
    estado: 'vigente',
    version: 1,
    created_at: '2025-06-01T00:00:00Z',
    updated_at: '2025-06-01T00:00:00Z',
    ...values,
  };
}
