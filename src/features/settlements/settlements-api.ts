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
import { dispositionFileName, saveBlob } from '../../lib/files/files-api';

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
export const validateSettlement = (id: number, version: number) =>
  apiData<Settlement>({ method: 'POST', path: `${SETTLEMENTS}/${id}/validar`, body: { version } });

/** A new reconciled (CD) settlement from a validated DF. */
export const reconcileSettlement = (id: number, version: number) =>
  apiData<Settlement>({ method: 'POST', path: `${SETTLEMENTS}/${id}/conciliar`, body: { version } });

/** Saves the settlement's workbook at an aggregation, in the user's language, under the server's file name. */
export async function downloadSettlementExcel(settlement: Settlement, agregacion: SettlementAggregation, idioma: 'es-ES' | 'en-US'): Promise<void> {
  const { data, headers } = await api.raw<Blob>({
    method: 'GET',
    path: `${SETTLEMENTS}/${settlement.id}/excel`,
    query: { agregacion, idioma },
    responseType: 'blob',
  });
  saveBlob(data, dispositionFileName(headers.get('content-disposition')) ?? settlementFileName(settlement, idioma));
}
