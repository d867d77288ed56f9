import { jobOf } from '../jobs/job-stream-fake';
import type { BidHour, DeletionRow, RegistrationRow, Run, RunDetail, RunItem } from '../../schemas/process.schema';

/** A registration row as the candidates call answers it (unticked): a valid one unless told otherwise. */
export function registrationRow(overrides: Partial<RegistrationRow> = {}): RegistrationRow {
  return {
    anexo_id: 1,
    codigo: 'CP-0001-A1',
    contrato_id: 1,
    contrato_codigo: 'CP-0001',
    inicio: '2026-01-01',
    fin: '2026-12-31',
    tipo: 'PF',
    clase_contrato: 'EYP',
    transaccion: 'R',
    contraparte: 'Generadora 501, S.A.',
    derechos_transmision: '25 %',
    titular_transmision: null,
    paga_transporte: true,
    oferta_maxima: '12.5',
    pmr: ['GT-ESC-230'],
    pmi: ['GT-IMP-230'],
    registrar: false,
    ...overrides,
  };
}

export function runOf(overrides: Partial<Run> = {}): Run {
  return {
    id: 7,
    tipo: 'registra',
    sitio: 'original',
    estado: 'en_curso',
    trabajadores: 2,
    max_reintentos: 3,
    fecha_operacion: null,
    total: 10,
    hechos: 4,
    fallidos: 1,
    pendientes: 5,
    reintentos: 2,
    trabajo_id: 9,
    creado_por: 'ada@demo.energy',
    creado_en: '2026-11-24T10:00:00.000Z',
    terminado_en: null,
    error: null,
    detenible: true,
    reanudable: false,
    ...overrides,
  };
}

export function detailOf(run: Run = runOf()): RunDetail {
  const since = new Date(Date.now() - 65_000).toISOString();
  return {
    ejecucion: run,
    sesiones: [
      { trabajador: 1, estado: 'enviando', item_clave: 'CP-0001-A1', intentos: 2, desde: since },
      { trabajador: 2, estado: 'libre', item_clave: null, intentos: 0, desde: since },
    ],
  };
}

export const ITEMS: RunItem[] = [
  { id: 1, orden: 1, clave: 'CP-0001-A1', descripcion: 'CP-0001 Generadora 501', estado: 'hecho', intentos: 1, resultado: 'PL-100', error: null, trabajador: null, actualizado_en: '2026-11-24T10:00:03.000Z' },
  { id: 2, orden: 2, clave: 'CP-0002-A2', descripcion: 'CP-0002 Comercializadora', estado: 'enviando', intentos: 2, resultado: null, error: null, trabajador: 1, actualizado_en: '2026-11-24T10:00:04.000Z' },
];

/** The job that carries run 7 (Registra). */
export const runJobOf = () => jobOf({ tipo: 'processes.registra', parametros: { ejecucion_id: 7 } });

export function bidHour(overrides: Partial<BidHour> = {}): BidHour {
  return { periodo: 1, nodo: 'GT-ESC-230', potencia: '10', potencia_oferta: '10', precio: '100.00', precio_oferta: '100.00', ofertar: true, prioridad: null, ...overrides };
}

export function deletionRow(overrides: Partial<DeletionRow> = {}): DeletionRow {
  return {
    ejecucion_id: 7,
    tipo_contrato: 'PF',
    transaccion: 'R',
    contraparte: 'Generadora 501, S.A.',
    pmi: ['GT-IMP-230'],
    pmr: ['GT-ESC-230'],
    numero_planilla: 'PL-100',
    registrada_en: '2026-11-24T10:00:03.000Z',
    codigo_anexo: 'CP-0001-A1',
    sitio: 'original',
    ...overrides,
  };
}

/** A job event stream the test never closes: the monitor's live log, with these lines. */
export function streamOf(lines: Array<{ id: number; clave: string; params?: Record<string, unknown> }>) {
  const encoder = new TextEncoder();
  return async () =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const line of lines) {
          const event = { id: line.id, trabajo_id: 9, en: '2026-11-24T10:00:02.000Z', tipo: 'log', nivel: 'info', clave: line.clave, params: line.params ?? {} };
          controller.enqueue(encoder.encode(`id: ${line.id}\ndata: ${JSON.stringify(event)}\n\n`));
        }
      },
    });
}
