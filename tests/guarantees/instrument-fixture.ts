import type { Instrument } from '../../schemas/guarantee.schema';

/** A stored EOR letter of credit for the Guatemala branch as the API answers it, with `values` over it. */
export function storedInstrument(values: Partial<Instrument> = {}): Instrument {
  return {
    id: 7,
    operador: 'EOR',
    sucursal: 'GT',
    agente: 'EPWM_GT',
    tipo: 'carta_credito',
    emisor: 'Banco Industrial',
    numero: 'CC-2026-001',
    moneda: 'USD',
    monto: '250000.00',
    fecha_emision: '2026-01-15',
    fecha_vencimiento: '2026-12-31',
    liberada_en: null,
    estado: 'vigente',
    version: 2,
    created_at: '2026-01-15T00:00:00Z',
    updated_at: '2026-01-15T00:00:00Z',
    ...values,
  };
}
