// What the log book calls answer, as the page tests' API doubles give them back.
import type { Logbook } from '../../schemas/logbook.schema';

/** A log book of `mercado` and `fecha` as the server answers it: a draft with no offers unless `overrides` says otherwise. */
export function logbookAnswer(mercado: Logbook['mercado'], fecha: string, overrides: Partial<Logbook> = {}): Logbook {
  return {
    id: 9,
    mercado,
    fecha_operacion: fecha,
    fecha_fin: null,
    estado: 'borrador',
    numero: 1,
    enviada_en: null,
    enviada_por: null,
    ejecucion_id: null,
    cierre_en: '2099-12-02T16:00:00.000Z',
    filas: [],
    version: 2,
    created_at: '2026-12-01T15:00:00.000Z',
    updated_at: '2026-12-01T15:00:00.000Z',
    ...overrides,
  };
}
