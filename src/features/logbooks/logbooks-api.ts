import type { ActiveAnnex, Logbook, LogbookCreate, LogbookMarket, ReferencePrice, SentSummary } from '../../../schemas/logbook.schema';
import { apiData } from '../../lib/api/client';

/** The log books' calls of spec section 7 (`/bitacoras/api/v1/...`; docs/api-logbooks.md). */

const LOGBOOKS = '/bitacoras/api/v1';

export const activeAnnexes = (fecha: string) => apiData<ActiveAnnex[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-activos?fecha=${fecha}` });

export const sentSummary = (fecha: string) => apiData<SentSummary[]>({ method: 'GET', path: `${LOGBOOKS}/anexos-resumen-enviados?fecha=${fecha}` });

export const referencePrices = (fecha: string) => apiData<ReferencePrice[]>({ method: 'GET', path: `${LOGBOOKS}/precios?fecha=${fecha}` });

/** The day's current log book of a market, or null when none was started. */
export const dayLogbook = (mercado: LogbookMarket, fecha: string) => apiData<Logbook | null>({ method: 'GET', path: `${LOGBOOKS}/bitacora?mercado=${mercado}&fecha=${fecha}` });

/** Saves the day's MER log book (creating it), sending it with `enviar`, or its next version with `nueva_version`. */
export const saveMerLogbook = (body: LogbookCreate) => apiData<Logbook>({ method: 'POST', path: `${LOGBOOKS}/create`, body });
