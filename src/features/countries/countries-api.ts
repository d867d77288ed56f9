import type { Charge, ChargeCreate, ChargeListBody, ChargeSettlement, ChargeUpdate } from '../../../schemas/country-charge.schema';
import type { Job } from '../../../schemas/job.schema';
import { apiData } from '../../lib/api/client';

/** The country-charge calls of spec section 7 (`/countries/api/v1/...`; docs/api-countries.md). */

const COUNTRIES = '/countries/api/v1';

/** A country's charges in force on `fecha` (the server's today when absent), or every period with `historia`. */
export const listCharges = (body: ChargeListBody) => apiData<Charge[]>({ method: 'POST', path: `${COUNTRIES}/cargo/`, body });

export const getCharge = (id: number) => apiData<Charge>({ method: 'GET', path: `${COUNTRIES}/cargo/${id}` });

/** The settlements that used a charge period (what an edit of it would touch). */
export const chargeSettlements = (id: number) => apiData<ChargeSettlement[]>({ method: 'GET', path: `${COUNTRIES}/cargo/${id}/liquidaciones` });

export const createCharge = (body: ChargeCreate) => apiData<Charge>({ method: 'POST', path: `${COUNTRIES}/create/cargo/`, body });

export const updateCharge = (body: ChargeUpdate) => apiData<Charge>({ method: 'POST', path: `${COUNTRIES}/update/cargo/`, body });

/** Panama's update-charges process (empty body): 202 with its job, the one under way if any. */
export const updatePanamaCharges = () => apiData<Job>({ method: 'POST', path: `${COUNTRIES}/cargos-proceso` });
