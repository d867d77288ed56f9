import { fromPromise } from 'xstate';
import {
  settlementMachine,
  type SettlementDataCheck,
  type SettlementKey,
} from '../../../machines/settlements/settlement.machine';
import { settlementFacts, type SettlementFacts } from '../../../machines/settlements/settlement-rules';
import type {
  PreSettlementBody,
  PreSettlementResult,
  Settlement,
  SettlementAggregation,
  SettlementComputeBody,
  SettlementDetail,
  SettlementListQuery,
} from '../../../schemas/settlement.schema';
import { settlementFileName } from '../../../i18n/download-names';
import { api, apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';
import { getLocale } from '../../lib/i18n/i18n';

/** The settlement calls (`/liquidacion/api/v3/...`, docs/api-settlements.md). */

const SETTLEMENTS = '/liquidacion/api/v3/liquidaciones';

/** A page of settlements the filters select, and how many they select in all. */
export const listSettlements = (query: SettlementListQuery) =>
  api<{ data: Settlement[]; total: number }>({ method: 'GET', path: SETTLEMENTS, query: { ...query } });

/** One settlement, its totals and its rows at an aggregation. */
export const getSettlement = (id: number, agregacion: SettlementAggregation = 'hora') =>
  apiData<SettlementDetail>({ method: 'GET', path: `${SETTLEMENTS}/${id}`, query: { agregacion } });

/** Whether the data a contract's month needs is loaded, and what is missing. */
export const preSettlement = (body: PreSettlementBody) =>
  apiData<PreSettlementResult>({ method: 'POST', path: '/liquidacion/api/v3/pre-liquidacion', body });

/** Computes (or recomputes a preliminary) settlement of a contract's month and version. */
export const computeSettlement = (body: SettlementComputeBody) => apiData<Settlement>({ method: 'POST', path: SETTLEMENTS, body });

/** Validates a DF or CD (irreversible); `version` is the record version the user read. */
const validateSettlement = (id: number, version: number) =>
  apiData<Settlement>({ method: 'POST', path: `${SETTLEMENTS}/${id}/validar`, body: { version } });

/** A new reconciled (CD) settlement from a validated DF. */
const reconcileSettlement = (id: number, version: number) =>
  apiData<Settlement>({ method: 'POST', path: `${SETTLEMENTS}/${id}/conciliar`, body: { version } });

/** Saves the settlement's workbook at an aggregation, in the user's language, under the server's file name. */
async function downloadSettlementExcel(settlement: Settlement, agregacion: SettlementAggregation, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'GET', path: `${SETTLEMENTS}/${settlement.id}/excel`, query: { agregacion, idioma } }, settlementFileName(settlement, idioma));
}

/** What a pre-settlement asks: the lifecycle's key, and the whole question the API takes. */
export type AskedSettlement = SettlementKey & { body: PreSettlementBody };

/** A pre-settlement's answer: whether the lifecycle may compute, and what the API listed as missing. */
export type CheckedData = SettlementDataCheck & { result: PreSettlementResult };

/**
 * A settlement as the lifecycle holds it: the facts it decides on, the API's record the page
 * shows, and the timeframe its rows are shown at (what a download saves).
 */
export type HeldSettlement = SettlementFacts & { record: Settlement; agregacion: SettlementAggregation };

/** The facts of `record` as the lifecycle holds them; `preparerId`: who computed it, when known. */
export function heldSettlement(record: Settlement, preparerId: number | null, agregacion: SettlementAggregation): HeldSettlement {
  return { ...settlementFacts(record, preparerId), record, agregacion };
}

/** The calls the lifecycle's effects make (a page's tests may pass their own check and compute). */
export interface SettlementCalls {
  check: (body: PreSettlementBody) => Promise<PreSettlementResult>;
  compute: (body: SettlementComputeBody) => Promise<Settlement>;
}

const SETTLEMENT_CALLS: SettlementCalls = { check: preSettlement, compute: computeSettlement };

/** What a computation is of: the stored settlement shown, or else the pre-settlement asked. */
function computeBodyOf(key: SettlementKey | null, settlement: SettlementFacts | null): SettlementComputeBody {
  const shown = (settlement as HeldSettlement | null)?.record;
  if (shown) return { contrato_id: shown.contrato_id, anio: shown.anio, mes: shown.mes, version: shown.version_liquidacion };
  const { body } = key as AskedSettlement;
  return { contrato_id: body.contrato_id, anio: body.anio, mes: body.mes, version: body.version };
}

/** The timeframe a computation's answer is shown at: the one shown, or the one the pre-settlement chose. */
function shownAt(key: SettlementKey | null, settlement: SettlementFacts | null): SettlementAggregation {
  return (settlement as HeldSettlement | null)?.agregacion ?? (key as AskedSettlement).body.agregacion;
}

/**
 * The settlement lifecycle (machines/settlements/settlement.machine.ts) with its effects on
 * these calls: check, compute, validate, reconcile and download. `userId` is who sends the
 * commands: whoever computes is the preparer of what the computation answers.
 */
export function settlementLifecycle(userId: number, calls: SettlementCalls = SETTLEMENT_CALLS) {
  return settlementMachine.provide({
    actors: {
      checkData: fromPromise<SettlementDataCheck, SettlementKey>(async ({ input }) => {
        const result = await calls.check((input as AskedSettlement).body);
        const checked: CheckedData = { available: result.disponible, missing: result.faltantes.map((item) => item.tipo), result };
        return checked;
      }),
      compute: fromPromise<SettlementFacts, { key: SettlementKey | null; settlement: SettlementFacts | null }>(async ({ input }) =>
        heldSettlement(await calls.compute(computeBodyOf(input.key, input.settlement)), userId, shownAt(input.key, input.settlement)),
      ),
      validate: fromPromise<SettlementFacts, SettlementFacts>(async ({ input }) => {
        const held = input as HeldSettlement;
        // Validating changes who validated, never who computed.
        return heldSettlement(await validateSettlement(held.id, held.version), held.calculada_por, held.agregacion);
      }),
      reconcile: fromPromise<SettlementFacts, SettlementFacts>(async ({ input }) => {
        const held = input as HeldSettlement;
        // A new CD nobody has computed yet.
        return heldSettlement(await reconcileSettlement(held.id, held.version), null, held.agregacion);
      }),
      download: fromPromise<void, SettlementFacts | null>(({ input }) => {
        const held = input as HeldSettlement;
        return downloadSettlementExcel(held.record, held.agregacion, getLocale());
      }),
    },
  });
}
