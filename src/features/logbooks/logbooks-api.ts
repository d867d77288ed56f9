import { PREDESPACHO_MAX_BYTES } from '../../../schemas/logbook.schema';
import type { ActiveAnnex, AmmCreate, PredespachoComparison, ImportAgent, ImportAgentCreate, Logbook, LogbookCreate, LogbookMarket, OffersUpdate, OffersView, ReferencePrice, SentSummary } from '../../../schemas/logbook.schema';
import { apiData } from '../../lib/api/client';
import { importTableFile, type TableImportOutcome } from '../../lib/files/import-table';
import type { ImportProblem } from '../../lib/files/import-report';

/** The log books' calls of spec section 7 (`/bitacoras/api/v1/...`; docs/api-logbooks.md). */

const LOGBOOKS = '/bitacoras/api/v1';

export const activeAnnexes = (fecha: string) => apiData<ActiveAnnex[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-activos?fecha=${fecha}` });

export const sentSummary = (fecha: string) => apiData<SentSummary[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-resumen-enviados?fecha=${fecha}` });

export const referencePrices = (fecha: string) => apiData<ReferencePrice[]>({ method: 'GET', path: `${LOGBOOKS}/precios?fecha=${fecha}` });

/** The day's current log book of a market, or null when none was started. */
export const dayLogbook = (mercado: LogbookMarket, fecha: string) => apiData<Logbook | null>({ method: 'GET', path: `${LOGBOOKS}/bitacora?mercado=${mercado}&fecha=${fecha}` });

/** Saves the day's MER log book (creating it), sending it with `enviar`, or its next version with `nueva_version`. */
export const saveMerLogbook = (body: LogbookCreate) => apiData<Logbook>({ method: 'POST', path: `${LOGBOOKS}/create`, body });

/** The offer calls of El Salvador's top offers and Mexico's link, by the part of the day they read and save. */
export const OFFER_CALLS = {
  slvInyeccion: { read: 'ofertas-top-inyeccion', method: 'PATCH', save: 'update-ofertas-top-inyeccion' },
  slvRetiro: { read: 'ofertas-top-retiro', method: 'POST', save: 'update-ofertas-top-retiro' },
  mexExportacion: { read: 'get-mex-ofertas-api', method: 'PATCH', save: 'update-mex-ofertas-api' },
  mexImportacion: { read: 'get-mex-ofertas-impo-api', method: 'PATCH', save: 'update-mex-ofertas-impo-api' },
} as const;
export type OfferCall = keyof typeof OFFER_CALLS;

export const readOffers = (call: OfferCall, fecha: string) => apiData<OffersView>({ method: 'GET', path: `${LOGBOOKS}/${OFFER_CALLS[call].read}?fecha=${fecha}` });

export const saveOffers = (call: OfferCall, body: OffersUpdate) => apiData<Logbook>({ method: OFFER_CALLS[call].method, path: `${LOGBOOKS}/${OFFER_CALLS[call].save}`, body });

/** The import (GT -> MX) annexes in force on the day. */
export const impomexAnnexes = (fecha: string) => apiData<ActiveAnnex[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-activos-impomex?fecha=${fecha}` });

/** The thermal agents behind Mexico's import offers. */
export const importAgents = () => apiData<ImportAgent[]>({ method: 'GET', path: `${LOGBOOKS}/get-mex-ofertas-impo-agentes` });

export const createImportAgent = (body: ImportAgentCreate) => apiData<ImportAgent>({ method: 'POST', path: `${LOGBOOKS}/create-mex-ofertas-impo-agentes`, body });

/** The AMM annexes (Guatemala's local contracts) in force on any day of the range. */
export const ammAnnexes = (desde: string, hasta: string) => apiData<ActiveAnnex[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-activos-filtro?start_date=${desde}&end_date=${hasta}` });

/** Creates (and sends) the AMM process record of a range with its declarations. */
export const createAmmRecord = (body: AmmCreate) => apiData<Logbook>({ method: 'POST', path: `${LOGBOOKS}/create-amm`, body });

/** The day's sent declarations against the EOR's imported predespacho. */
export const predespachoComparison = (fecha: string) => apiData<PredespachoComparison>({ method: 'GET', path: `${LOGBOOKS}/predespacho/comparacion?fecha=${fecha}` });

/** What importing an EOR workbook came to: stored (its country file and rows per sheet), or refused with every problem. */
interface PredespachoStored {
  pais_oso: string;
  filas: Record<'TCP' | 'TOP' | 'PEXANTE', number>;
}
export type PredespachoOutcome = TableImportOutcome<PredespachoStored, ImportProblem>;

/** Imports the EOR's predespacho workbook of the day; a workbook with problems is an answer of its own (the page lists them). */
export const importPredespacho = (fecha: string, file: File): Promise<PredespachoOutcome> =>
  importTableFile<PredespachoStored, ImportProblem>(`${LOGBOOKS}/predespacho/importar?fecha=${fecha}`, file, PREDESPACHO_MAX_BYTES, { refusedCode: 'APP_ERR_PREDESPACHO_INVALID' });
