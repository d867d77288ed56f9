import { monitoringFileName } from '../../../i18n/download-names';
import type {
  Counterparty,
  EnergyDayQuery,
  EnergyHour,
  EnergyRow,
  EnergyTotal,
  MonitoringBody,
  PowerRow,
  PowerTotal,
} from '../../../schemas/monitoring.schema';
import { apiData } from '../../lib/api/client';
import { saveGeneratedFile } from '../../lib/files/files-api';

/** The monitoring calls of spec section 7 (docs/api-monitoring.md): buyers and sellers, power and energy. */

const BASE = '/monitoreo/api/v1';

/** Every buyer and seller (a company with contracts both ways is both). */
export const getCounterparties = () => apiData<Counterparty[]>({ method: 'GET', path: `${BASE}/lista-compradores-vendedores` });

/** Each role's power per day. */
export const getPowerTotals = (body: MonitoringBody) => apiData<PowerTotal[]>({ method: 'POST', path: `${BASE}/potencia-total`, body });

/** Each counterparty's power per day. */
export const getPowerRows = (body: MonitoringBody) => apiData<PowerRow[]>({ method: 'POST', path: `${BASE}/potencia-compradores-vendedores`, body });

/** Each role's energy over the range and per day. */
export const getEnergyTotals = (body: MonitoringBody) => apiData<EnergyTotal[]>({ method: 'POST', path: `${BASE}/energia-total`, body });

/** Each counterparty's energy per day. */
export const getEnergyRows = (body: MonitoringBody) => apiData<EnergyRow[]>({ method: 'POST', path: `${BASE}/energia-compradores-vendedores`, body });

/** Each counterparty's energy hour by hour on one day. */
export const getEnergyHours = (query: EnergyDayQuery) => apiData<EnergyHour[]>({ method: 'GET', path: `${BASE}/energia`, query });

/** Saves a page's workbook in the user's language under the server's file name. */
export async function downloadMonitoring(page: 'potencia' | 'energia', body: MonitoringBody, idioma: 'es-ES' | 'en-US'): Promise<void> {
  return saveGeneratedFile({ method: 'POST', path: `${BASE}/${page}-excel`, body: { ...body, idioma } }, monitoringFileName(page, body, idioma));
}
