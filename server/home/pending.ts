// What needs the caller now (GET /api/v1/pendientes, docs/home.md): the cards their view keys
// and role allow (./rules.ts), each counted by one statement (./store.ts). Cards not allowed
// are left out of the answer and never computed.
import { addDays, businessToday } from '../../schemas/date.schema';
import type { Pending } from '../../schemas/home.schema';
import type { Caller } from '../authz/caller';
import type { Db } from '../db/client';
import { pendingScope, RUN_CARD_JOB_TYPES } from './rules';
import * as store from './store';

/** How many days back the guarantee alerts go, in the company's calendar (as the guarantees page's default). */
const ALERT_DAYS = 7;

/** `caller`'s cards as of `today` (the company's calendar). */
export async function pendingFor(db: Db, caller: Caller, today = businessToday()): Promise<Pending> {
  const scope = pendingScope(caller);
  const monthStart = `${today.slice(0, 8)}01`;
  const [por_validar, por_emitir, ejecuciones, alertas_garantias, datos_mercado, trabajos_fallidos] = await Promise.all([
    scope.validateIn ? store.settlementsToValidate(db, scope.validateIn, scope.email) : null,
    scope.issueIn ? store.invoicesToIssue(db, scope.issueIn, scope.email) : null,
    scope.runs ? store.pendingRuns(db) : null,
    scope.guaranteeAlerts ? store.recentGuaranteeAlerts(db, addDays(today, -ALERT_DAYS)) : null,
    scope.marketData ? store.missingMarketDays(db, monthStart, today) : null,
    scope.failedJobTypes ? store.failedJobs(db, scope.failedJobTypes, scope.email, RUN_CARD_JOB_TYPES) : null,
  ]);
  const pending: Pending = {};
  if (por_validar && scope.validateIn) pending.por_validar = { pais: scope.validateIn, ...por_validar };
  if (por_emitir && scope.issueIn) pending.por_emitir = { pais: scope.issueIn, ...por_emitir };
  if (ejecuciones) pending.ejecuciones = ejecuciones;
  if (alertas_garantias) pending.alertas_garantias = alertas_garantias;
  if (datos_mercado) pending.datos_mercado = { anio: Number(today.slice(0, 4)), mes: Number(today.slice(5, 7)), desde: monthStart, hasta: today, ...datos_mercado };
  if (trabajos_fallidos) pending.trabajos_fallidos = trabajos_fallidos;
  return pending;
}
