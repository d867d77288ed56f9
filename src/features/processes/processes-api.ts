import type {
  BidHour,
  DeletionBody,
  DeletionRow,
  RegistraRunBody,
  RegistrationRow,
  Run,
  RunDetail,
  RunItem,
  RunItemsQuery,
  RunListQuery,
  SubeRunBody,
} from '../../../schemas/process.schema';
import type { MerCredit } from '../../../schemas/credit-check.schema';
import { apiData } from '../../lib/api/client';

/** The bid-process calls (`/procesos/api/v1/...`, docs/api-processes.md). */

const PROCESSES = '/procesos/api/v1';

/** The registration rows of the annexes in force (Registra's selection grid). */
export const listRegistrationCandidates = () => apiData<RegistrationRow[]>({ method: 'GET', path: `${PROCESSES}/registra/candidatos` });

/** Starts a Registra run on the rows marked `registrar`; 400 with details beside the fields and rows. */
export const startRegistraRun = (body: RegistraRunBody) => apiData<Run>({ method: 'POST', path: `${PROCESSES}/registra/ejecuciones`, body });

/** The bid-hour grid of an operating day (Sube's selection grid). */
export const listBidHours = (fecha_operacion: string) =>
  apiData<BidHour[]>({ method: 'GET', path: `${PROCESSES}/sube/horas`, query: { fecha_operacion } });

/** The EOR guarantee each branch has available today, and the branch bidding at each node of the day (the pre-flight credit check). */
export const getMerCredit = (fecha_operacion: string) => apiData<MerCredit>({ method: 'GET', path: `${PROCESSES}/sube/credito`, query: { fecha_operacion } });

/** Starts a Sube run; 400 with details beside the fields and hours; 409 APP_ERR_GUARANTEE_SHORT when a branch's guarantee is short. */
export const startSubeRun = (body: SubeRunBody) => apiData<Run>({ method: 'POST', path: `${PROCESSES}/sube/ejecuciones`, body });

/** Recent runs, newest first. */
export const listRuns = (query: RunListQuery) => apiData<Run[]>({ method: 'GET', path: `${PROCESSES}/ejecuciones`, query: { ...query } });

/** A run, its counts and its worker sessions (the hub). */
export const getRun = (id: number) => apiData<RunDetail>({ method: 'GET', path: `${PROCESSES}/ejecuciones/${id}` });

/** A run's items in the order they are sent. */
export const listRunItems = (id: number, query: RunItemsQuery = {}) =>
  apiData<RunItem[]>({ method: 'GET', path: `${PROCESSES}/ejecuciones/${id}/items`, query: { ...query } });

/** Stops a run: no new request starts after it (409 once it ended). */
export const stopRun = (id: number) => apiData<Run>({ method: 'POST', path: `${PROCESSES}/ejecuciones/${id}/detener` });

/** The planillas our runs registered and nobody deleted since. */
export const listRegisteredPlanillas = () => apiData<DeletionRow[]>({ method: 'GET', path: `${PROCESSES}/supresion/planillas` });

/** Deletes planillas on their site: a Supresion run. */
export const deletePlanillas = (body: DeletionBody) => apiData<Run>({ method: 'POST', path: `${PROCESSES}/supresion/eliminar`, body });
