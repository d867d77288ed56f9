// The selection rules of the bid processes (spec section 5), as pure functions that
// answer every broken rule as a field detail: `instancePath` the field's JSON Pointer in the
// body, `message` an i18n key under `processes.rules`. The routes answer them as a 400's
// details; the selection pages (src/features/processes/selection-checks.ts) run the same
// functions and show the same keys beside the same fields. Only schemas/ is imported, so the
// browser bundle takes this file as it is.
import { lacksTransmissionHolder } from '../../schemas/annex.schema';
import { isIsoDate, isOnOrAfter } from '../../schemas/date.schema';
import {
  hasPoints,
  isValidBidPrice,
  isWholeWithin,
  PM_MAX,
  PM_MIN,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  RETRIES_MAX,
  RETRIES_MIN,
  workersWithinLimit,
  subePmOrder,
  type BidHour,
  type DeletionRow,
  type MarketSite,
  type Prioritisation,
  type RegistrationRow,
  type SubeRunBody,
} from '../../schemas/process.schema';

/** A broken rule, shaped as a 400's detail (server/errors/catalogue.ts `ErrorDetail`). */
interface ErrorDetail {
  instancePath: string;
  keyword?: string;
  message: string;
}

/** The message keys, one per rule (both languages have each: the processes tests check). */
export const PROCESS_RULES = {
  workersLimit: 'processes.rules.workersLimit',
  retriesRange: 'processes.rules.retriesRange',
  noRowSelected: 'processes.rules.noRowSelected',
  pmiRequired: 'processes.rules.pmiRequired',
  pmrRequired: 'processes.rules.pmrRequired',
  holderRequired: 'processes.rules.holderRequired',
  dateInvalid: 'processes.rules.dateInvalid',
  dateOrder: 'processes.rules.dateOrder',
  rowRepeated: 'processes.rules.rowRepeated',
  annexUnknown: 'processes.rules.annexUnknown',
  pmUnderWay: 'processes.rules.pmUnderWay',
  alreadyRegistered: 'processes.rules.alreadyRegistered',
  pmRange: 'processes.rules.pmRange',
  percentRange: 'processes.rules.percentRange',
  noHourSelected: 'processes.rules.noHourSelected',
  bidPriceInvalid: 'processes.rules.bidPriceInvalid',
  hourRepeated: 'processes.rules.hourRepeated',
  firstNodeRequired: 'processes.rules.firstNodeRequired',
  secondNodeRequired: 'processes.rules.secondNodeRequired',
  nodeUnknown: 'processes.rules.nodeUnknown',
  nodeRepeated: 'processes.rules.nodeRepeated',
  planillaUnknown: 'processes.rules.planillaUnknown',
  planillasOfTwoSites: 'processes.rules.planillasOfTwoSites',
} as const;

const detail = (instancePath: string, keyword: string, message: string): ErrorDetail => ({ instancePath, keyword, message });

/** The pool every run is asked with: workers within the site's limit, retries 1 to 5. */
function poolProblems(body: { sitio: MarketSite; trabajadores: number; reintentos: number }): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!workersWithinLimit(body.sitio, body.trabajadores)) details.push(detail('/trabajadores', 'maximum', PROCESS_RULES.workersLimit));
  if (!isWholeWithin(body.reintentos, RETRIES_MIN, RETRIES_MAX)) details.push(detail('/reintentos', 'maximum', PROCESS_RULES.retriesRange));
  return details;
}

/** What only the database knows about a Registra selection (the server checks it; a form may not know). */
interface RegistraFacts {
  /** The annexes that exist, by id. */
  annexIds: ReadonlySet<number>;
  /**
   * The annex codes with a live planilla on the chosen site, or that a run under way there is
   * registering: registering one again would be a duplicate on the site.
   */
  registered: ReadonlySet<string>;
}

/**
 * Every broken rule of a Registra selection: at least one row to register; each selected row
 * with its PMI and PMR, a transmission holder when its contract is CF, real start and end dates
 * with the end on or after the start, named once; with `facts`, an existing annex not already
 * registered on the site.
 */
export function registraProblems(
  body: { sitio: MarketSite; trabajadores: number; reintentos: number; filas: readonly RegistrationRow[] },
  facts?: RegistraFacts,
): ErrorDetail[] {
  const details = poolProblems(body);
  if (!body.filas.some((row) => row.registrar)) details.push(detail('/filas', 'minItems', PROCESS_RULES.noRowSelected));
  const seen = new Set<string>();
  body.filas.forEach((row, index) => {
    if (!row.registrar) return;
    const at = `/filas/${index}`;
    if (!hasPoints(row.pmi)) details.push(detail(`${at}/pmi`, 'required', PROCESS_RULES.pmiRequired));
    if (!hasPoints(row.pmr)) details.push(detail(`${at}/pmr`, 'required', PROCESS_RULES.pmrRequired));
    if (lacksTransmissionHolder(row.clase_contrato, row.titular_transmision)) {
      details.push(detail(`${at}/titular_transmision`, 'required', PROCESS_RULES.holderRequired));
    }
    for (const field of ['inicio', 'fin'] as const) {
      if (!isIsoDate(row[field])) details.push(detail(`${at}/${field}`, 'format', PROCESS_RULES.dateInvalid));
    }
    if (!isOnOrAfter(row.inicio, row.fin)) details.push(detail(`${at}/fin`, 'dateOrder', PROCESS_RULES.dateOrder));
    // One planilla per annex: the site has no idempotency key, a repeated row registers twice.
    if (seen.has(row.codigo)) details.push(detail(`${at}/codigo`, 'uniqueItems', PROCESS_RULES.rowRepeated));
    seen.add(row.codigo);
    if (facts && !facts.annexIds.has(row.anexo_id)) details.push(detail(`${at}/anexo_id`, 'exists', PROCESS_RULES.annexUnknown));
    if (facts?.registered.has(row.codigo)) details.push(detail(`${at}/registrar`, 'unique', PROCESS_RULES.alreadyRegistered));
  });
  return details;
}

/**
 * Every broken rule of a Sube selection: a real operating day, the pool, PM count 1 to 400,
 * price percentage 1 to 100, at least one hour to bid, each of them with a valid bid price and
 * named once (node and period); with node prioritisation on, the first and second nodes chosen,
 * each among the grid's nodes and none twice.
 */
export function subeProblems(body: {
  sitio: MarketSite;
  fecha_operacion: string;
  trabajadores: number;
  reintentos: number;
  pm: number;
  porcentaje_precio: number;
  priorizacion: Prioritisation;
  horas: readonly BidHour[];
}): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!isIsoDate(body.fecha_operacion)) details.push(detail('/fecha_operacion', 'format', PROCESS_RULES.dateInvalid));
  details.push(...poolProblems(body));
  if (!isWholeWithin(body.pm, PM_MIN, PM_MAX)) details.push(detail('/pm', 'maximum', PROCESS_RULES.pmRange));
  if (!isWholeWithin(body.porcentaje_precio, PRICE_PERCENT_MIN, PRICE_PERCENT_MAX)) {
    details.push(detail('/porcentaje_precio', 'maximum', PROCESS_RULES.percentRange));
  }
  if (!body.horas.some((hour) => hour.ofertar)) details.push(detail('/horas', 'minItems', PROCESS_RULES.noHourSelected));
  const seen = new Set<string>();
  body.horas.forEach((hour, index) => {
    const key = `${hour.nodo}\u0000${hour.periodo}`;
    // Two rows of one node and period would bid that hour twice.
    if (seen.has(key)) details.push(detail(`/horas/${index}/periodo`, 'uniqueItems', PROCESS_RULES.hourRepeated));
    seen.add(key);
    if (hour.ofertar && !isValidBidPrice(hour.precio_oferta)) {
      details.push(detail(`/horas/${index}/precio_oferta`, 'format', PROCESS_RULES.bidPriceInvalid));
    }
  });
  if (body.priorizacion.activa) {
    const chosen = (slot: number) => {
      const node = body.priorizacion.nodos[slot];
      return typeof node === 'string' && node.trim() !== '';
    };
    if (!chosen(0)) details.push(detail('/priorizacion/nodos/0', 'required', PROCESS_RULES.firstNodeRequired));
    if (!chosen(1)) details.push(detail('/priorizacion/nodos/1', 'required', PROCESS_RULES.secondNodeRequired));
    const gridNodes = new Set(body.horas.map((hour) => hour.nodo));
    const named: string[] = [];
    body.priorizacion.nodos.forEach((node, slot) => {
      if (typeof node !== 'string' || node.trim() === '') return;
      const at = `/priorizacion/nodos/${slot}`;
      if (!gridNodes.has(node)) details.push(detail(at, 'enum', PROCESS_RULES.nodeUnknown));
      else if (named.includes(node)) details.push(detail(at, 'uniqueItems', PROCESS_RULES.nodeRepeated));
      named.push(node);
    });
  }
  return details;
}

/** A PM a run under way on the site is already uploading for that day: the detail beside its first offered hour. */
export function pmsUnderWayProblems(body: Pick<SubeRunBody, 'horas' | 'priorizacion' | 'pm'>, underWay: ReadonlySet<string>): ErrorDetail[] {
  return subePmOrder(body.horas, body.priorizacion, body.pm)
    .filter((pm) => underWay.has(pm))
    .map((pm) => detail(`/horas/${body.horas.findIndex((hour) => hour.ofertar && hour.nodo === pm)}/nodo`, 'unique', PROCESS_RULES.pmUnderWay));
}

/**
 * Every broken rule of a deletion: each number a live registered planilla (`planillas`: the
 * live ones among them), all of one site (one run works on one site: numbers of two sites, or
 * a number both sites gave, are two requests).
 */
export function deletionProblems(numeros: readonly string[], planillas: readonly Pick<DeletionRow, 'numero_planilla' | 'sitio'>[]): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  numeros.forEach((numero, index) => {
    if (!planillas.some((planilla) => planilla.numero_planilla === numero)) details.push(detail(`/numeros/${index}`, 'exists', PROCESS_RULES.planillaUnknown));
  });
  if (new Set(planillas.map((planilla) => planilla.sitio)).size > 1) details.push(detail('/numeros', 'site', PROCESS_RULES.planillasOfTwoSites));
  return details;
}
