// What a request for a run asks for, as the run to create (server/processes/create-run.ts):
// its items in the order they will be sent, each with its natural key on the site, what a user
// recognises it by, and what is sent (the site's request body, docs/processes.md).
import {
  DELETION_RETRIES,
  DELETION_WORKERS,
  subePmOrder,
  WORKER_LIMITS,
  type DeletionRow,
  type RegistraRunBody,
  type SubeRunBody,
} from '../../schemas/process.schema';
import type { RunRequest } from './create-run';

/** The Registra run of a valid selection: one item per row to register, in the order sent. */
export function registraRun(body: RegistraRunBody): RunRequest {
  const selected = body.filas.filter((row) => row.registrar);
  return {
    tipo: 'registra',
    sitio: body.sitio,
    trabajadores: body.trabajadores,
    max_reintentos: body.reintentos,
    fecha_operacion: null,
    parametros: {},
    items: selected.map((row) => ({
      clave: row.codigo,
      descripcion: [row.contrato_codigo, row.contraparte].filter(Boolean).join(' · '),
      // What the site's POST /planillas takes (docs/processes.md), and the annex it came from.
      datos: {
        codigo_anexo: row.codigo,
        tipo_contrato: row.tipo,
        transaccion: row.transaccion,
        contraparte: row.contraparte,
        inicio: row.inicio,
        fin: row.fin,
        pmi: row.pmi,
        pmr: row.pmr,
        oferta_maxima: row.oferta_maxima,
        derechos_transmision: row.derechos_transmision,
        paga_transporte: row.paga_transporte,
        anexo_id: row.anexo_id,
      },
    })),
  };
}

/**
 * The Sube run of a valid selection: one item per PM to upload (`subePmOrder`: prioritised nodes
 * first, at most `pm`), each with its offered hours by period.
 */
export function subeRun(body: SubeRunBody): RunRequest {
  const pms = subePmOrder(body.horas, body.priorizacion, body.pm);
  return {
    tipo: 'sube',
    sitio: body.sitio,
    trabajadores: body.trabajadores,
    max_reintentos: body.reintentos,
    fecha_operacion: body.fecha_operacion,
    parametros: { pm: body.pm, porcentaje_precio: body.porcentaje_precio, priorizacion: body.priorizacion },
    items: pms.map((pm) => {
      const horas = body.horas
        .filter((hour) => hour.ofertar && hour.nodo === pm)
        .sort((a, b) => a.periodo - b.periodo)
        .map((hour) => ({ periodo: hour.periodo, potencia: hour.potencia_oferta, precio: hour.precio_oferta }));
      // What the site's POST /ofertas takes.
      return { clave: pm, descripcion: `${pm} · ${horas.length} h`, datos: { fecha_operacion: body.fecha_operacion, pm, horas } };
    }),
  };
}

/** The Supresion run deleting planillas `numeros` (`planillas`: the live ones, all of one site; deletionProblems says so). */
export function deletionRun(numeros: readonly string[], planillas: readonly DeletionRow[]): RunRequest {
  const byNumber = new Map(planillas.map((planilla) => [planilla.numero_planilla, planilla]));
  const sitio = planillas[0]!.sitio;
  return {
    tipo: 'supresion',
    sitio,
    trabajadores: Math.min(DELETION_WORKERS, WORKER_LIMITS[sitio], numeros.length),
    max_reintentos: DELETION_RETRIES,
    fecha_operacion: null,
    parametros: {},
    items: numeros.map((numero) => {
      const planilla = byNumber.get(numero)!;
      return {
        clave: numero,
        descripcion: [planilla.codigo_anexo, planilla.contraparte].filter(Boolean).join(' · '),
        datos: { numero_planilla: numero },
      };
    }),
  };
}
