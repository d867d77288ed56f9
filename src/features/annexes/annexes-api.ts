import type { Annex, AnnexCreate, AnnexListItem, AnnexUpdate } from '../../../schemas/annex.schema';
import type { Job } from '../../../schemas/job.schema';
import { apiData } from '../../lib/api/client';

/** The annex calls of spec section 7 (`/anexos/api/v1/...`); a contract's page lists its annexes with `listAnnexes`. */

const ANNEXES = '/anexos/api/v1';

/** Every annex, or one contract's (`contratoId`). */
export const listAnnexes = (contratoId?: number) =>
  apiData<AnnexListItem[]>({ method: 'GET', path: `${ANNEXES}/get`, query: { contrato_id: contratoId } });

export const getAnnex = (id: number) => apiData<Annex>({ method: 'GET', path: `${ANNEXES}/get-once/${id}` });

export const createAnnex = (body: AnnexCreate) => apiData<Annex>({ method: 'POST', path: `${ANNEXES}/create`, body });

export const updateAnnex = (id: number, body: AnnexUpdate) => apiData<Annex>({ method: 'PATCH', path: `${ANNEXES}/update/${id}`, body });

/** Spec: `POST /anexos/api/v1/delete` with `{ id }`. */
export const deleteAnnex = (id: number) => apiData<Annex>({ method: 'POST', path: `${ANNEXES}/delete`, body: { id } });

/** What a refresh recomputes (docs/settlements.md, "Refreshing the open months"). */
export type SettlementRefreshKind = 'energia' | 'potencia';

const REFRESH_PATHS: Record<SettlementRefreshKind, string> = {
  energia: `${ANNEXES}/store-procedure-liquidations/`,
  potencia: `${ANNEXES}/store-procedure-liquidations-potencia/`,
};

/**
 * Spec: the two refresh calls, empty body. The server answers 202 with the job (the one of
 * that kind already under way, if any).
 */
export const refreshSettlements = (kind: SettlementRefreshKind) => apiData<Job>({ method: 'POST', path: REFRESH_PATHS[kind] });
