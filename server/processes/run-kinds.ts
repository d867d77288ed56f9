// What each kind of run does with one item on the site (docs/processes.md): how it is sent,
// how the site is asked whether it was applied (by its natural key), and what its success
// writes besides the item. The runner (runner.ts) does the rest alike for the three kinds.
import type { SiteBidsBody, SitePlanillaBody } from '../../schemas/market-site.schema';
import type { RunKind } from '../../schemas/process.schema';
import type { Db } from '../db/client';
import type { RunItemRow, RunRow } from '../db/schema/processes';
import type { SiteSession } from './site-adapter';
import { recordDeleted, recordRegistered } from './run-store';

/** What the site holds of an item once applied: its answer (the planilla number), and how many copies. */
export interface Applied {
  resultado: string | null;
  /** More than 1 is a duplicate already on the site (from before this run, or another run). */
  copias: number;
  /** The log line that tells it (`processes.log.*`), if one does, and its parameters. */
  logKey: string | null;
  logParams: Record<string, unknown>;
}

interface RunKindOps {
  send(session: SiteSession, item: RunItemRow, signal: AbortSignal): Promise<Applied>;
  /** What the site holds of the item, or null when it was not applied. */
  find(session: SiteSession, item: RunItemRow, signal: AbortSignal): Promise<Applied | null>;
  /** What a success writes besides the item, in its transaction (none for Sube: the site holds the bids). */
  recordDone?(tx: Db, run: RunRow, item: RunItemRow, applied: Applied): Promise<void>;
}

interface PlanillaData extends SitePlanillaBody {
  anexo_id?: number | null;
}

/** The site's planilla out of an item's data (anything of ours beside it, such as `anexo_id`, stays home). */
function planillaOf(item: RunItemRow): SitePlanillaBody {
  const d = item.datos as PlanillaData;
  return {
    codigo_anexo: d.codigo_anexo,
    tipo_contrato: d.tipo_contrato,
    transaccion: d.transaccion,
    contraparte: d.contraparte,
    inicio: d.inicio,
    fin: d.fin,
    pmi: d.pmi,
    pmr: d.pmr,
    oferta_maxima: d.oferta_maxima,
    derechos_transmision: d.derechos_transmision,
    paga_transporte: d.paga_transporte,
  };
}

const registra: RunKindOps = {
  async send(session, item, signal) {
    const planilla = await session.registerPlanilla(planillaOf(item), signal);
    return { resultado: planilla.numero_planilla, copias: 1, logKey: 'processes.log.registered', logParams: { clave: item.clave, numero: planilla.numero_planilla } };
  },
  async find(session, item, signal) {
    const found = await session.findPlanillas(item.clave, signal);
    const first = found[0];
    if (!first) return null;
    return { resultado: first.numero_planilla, copias: found.length, logKey: 'processes.log.reconciledRegistered', logParams: { clave: item.clave, numero: first.numero_planilla } };
  },
  async recordDone(tx, run, item, applied) {
    const d = item.datos as PlanillaData;
    await recordRegistered(tx, {
      sitio: run.sitio,
      numero_planilla: applied.resultado ?? '',
      codigo_anexo: d.codigo_anexo ?? item.clave,
      anexo_id: d.anexo_id ?? null,
      ejecucion_id: run.id,
      tipo_contrato: d.tipo_contrato ?? null,
      transaccion: d.transaccion ?? null,
      contraparte: d.contraparte ?? null,
      pmi: d.pmi ?? [],
      pmr: d.pmr ?? [],
    });
  },
};

const sube: RunKindOps = {
  async send(session, item, signal) {
    const d = item.datos as SiteBidsBody;
    await session.submitBids({ fecha_operacion: d.fecha_operacion, pm: d.pm, horas: d.horas }, signal);
    // Not a line per PM: a run uploads hundreds; its progress and items tell them.
    return { resultado: null, copias: 1, logKey: null, logParams: { clave: item.clave } };
  },
  async find(session, item, signal) {
    const d = item.datos as SiteBidsBody;
    const found = await session.findBids(d.fecha_operacion, d.pm, signal);
    if (found.length === 0) return null;
    return { resultado: null, copias: found.length, logKey: 'processes.log.reconciledUploaded', logParams: { clave: item.clave } };
  },
};

const supresion: RunKindOps = {
  async send(session, item, signal) {
    // Gone already (deleted by hand on the site, or by an earlier attempt whose answer was lost): done.
    const outcome = await session.deletePlanilla(item.clave, signal);
    return { resultado: null, copias: 1, logKey: outcome === 'deleted' ? 'processes.log.deleted' : 'processes.log.alreadyDeleted', logParams: { clave: item.clave } };
  },
  async find(session, item, signal) {
    if (await session.hasPlanilla(item.clave, signal)) return null;
    return { resultado: null, copias: 1, logKey: 'processes.log.reconciledDeleted', logParams: { clave: item.clave } };
  },
  async recordDone(tx, run, item) {
    await recordDeleted(tx, run.sitio, item.clave, run.id);
  },
};

export const RUN_KIND_OPS: Record<RunKind, RunKindOps> = { registra, sube, supresion };
