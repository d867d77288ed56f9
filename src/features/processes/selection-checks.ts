import { lacksTransmissionHolder } from '../../../schemas/annex.schema';
import { isIsoDate, isOnOrAfter } from '../../../schemas/date.schema';
import {
  isValidBidPrice,
  PM_MAX,
  PM_MIN,
  PRICE_PERCENT_MAX,
  PRICE_PERCENT_MIN,
  RETRIES_MAX,
  RETRIES_MIN,
  WORKER_LIMITS,
  workersWithinLimit,
  type RegistraRunBody,
  type SubeRunBody,
} from '../../../schemas/process.schema';
import type { SelectionIssues } from './selection-issues';

/**
 * The selection rules of spec section 5 as the browser checks them before it asks for a run,
 * on the shared predicates of `schemas/` (the server checks the same and answers 400 with the
 * same pointers). Messages are the server's keys (`processes.rules.*`), so a rule reads the
 * same whoever found it broken.
 */

const between = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

function checkRunOptions(body: { sitio: RegistraRunBody['sitio']; trabajadores: number; reintentos: number }, issues: SelectionIssues) {
  if (!workersWithinLimit(body.sitio, body.trabajadores)) {
    issues['/trabajadores'] = { key: 'processes.rules.trabajadores', params: { max: WORKER_LIMITS[body.sitio] } };
  }
  if (!between(body.reintentos, RETRIES_MIN, RETRIES_MAX)) {
    issues['/reintentos'] = { key: 'processes.rules.reintentos', params: { min: RETRIES_MIN, max: RETRIES_MAX } };
  }
}

/** Registra: at least one row to register, each with PMI and PMR, a holder for CF, correct dates. */
export function registraIssues(body: RegistraRunBody): SelectionIssues {
  const issues: SelectionIssues = {};
  checkRunOptions(body, issues);
  if (!body.filas.some((row) => row.registrar)) issues['/filas'] = { key: 'processes.rules.ningunaFila' };
  body.filas.forEach((row, index) => {
    if (!row.registrar) return;
    const at = `/filas/${index}`;
    if (row.pmi.length === 0) issues[`${at}/pmi`] = { key: 'processes.rules.pmi' };
    else if (row.pmr.length === 0) issues[`${at}/pmr`] = { key: 'processes.rules.pmr' };
    else if (lacksTransmissionHolder(row.clase_contrato, row.titular_transmision)) {
      issues[`${at}/titular_transmision`] = { key: 'processes.rules.titular' };
    } else if (!isIsoDate(row.inicio) || !isIsoDate(row.fin) || !isOnOrAfter(row.inicio, row.fin)) {
      issues[`${at}/fin`] = { key: 'processes.rules.fechas' };
    }
  });
  return issues;
}

/** Sube: PM count, workers, retries, at least one hour with a valid price, prioritised nodes, percentage. */
export function subeIssues(body: SubeRunBody): SelectionIssues {
  const issues: SelectionIssues = {};
  checkRunOptions(body, issues);
  if (!isIsoDate(body.fecha_operacion)) issues['/fecha_operacion'] = { key: 'forms.errors.date' };
  if (!between(body.pm, PM_MIN, PM_MAX)) issues['/pm'] = { key: 'processes.rules.pm', params: { min: PM_MIN, max: PM_MAX } };
  if (!between(body.porcentaje_precio, PRICE_PERCENT_MIN, PRICE_PERCENT_MAX)) {
    issues['/porcentaje_precio'] = { key: 'processes.rules.porcentajePrecio', params: { min: PRICE_PERCENT_MIN, max: PRICE_PERCENT_MAX } };
  }
  if (!body.horas.some((hour) => hour.ofertar)) issues['/horas'] = { key: 'processes.rules.ningunaHora' };
  body.horas.forEach((hour, index) => {
    if (hour.ofertar && !isValidBidPrice(hour.precio_oferta)) issues[`/horas/${index}/precio_oferta`] = { key: 'processes.rules.precioOferta' };
  });
  if (body.priorizacion.activa) {
    [0, 1].forEach((slot) => {
      if (!body.priorizacion.nodos[slot]) issues[`/priorizacion/nodos/${slot}`] = { key: 'processes.rules.nodoPrioridad' };
    });
  }
  return issues;
}
