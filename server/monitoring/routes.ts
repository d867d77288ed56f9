// Power and energy monitoring (spec section 7; docs/monitoring.md, docs/api-monitoring.md): the
// buyers and sellers, each one's contracted MW against its largest hour and its MWh per day,
// the totals per role, one day hour by hour, and the two pages' workbooks. All reads, behind
// the `monitoreo` view key (the role matrix has no page of monitoring, so no role action).
import type { FastifyInstance } from 'fastify';
import { dataListOf } from '../../schemas/envelope.schema';
import {
  counterpartiesQuerySchema,
  counterpartySchema,
  energyDayQuerySchema,
  energyHourSchema,
  energyRowSchema,
  energyTotalSchema,
  MONITORING_MAX_RANGE_DAYS,
  monitoringBodySchema,
  monitoringExcelBodySchema,
  powerRowSchema,
  powerTotalSchema,
  type CounterpartiesQuery,
  type EnergyDayQuery,
  type MonitoringBody,
  type MonitoringExcelBody,
} from '../../schemas/monitoring.schema';
import { monitoringFileName } from '../../i18n/download-names';
import type { Db } from '../db/client';
import { sendWorkbook, WORKBOOK_ANSWER } from '../files/workbook';
import { assertDateRange } from '../kit/date-range';
import { writeMonitoringWorkbook } from './monitoring-excel';
import { energyHours, energyRows, energyTotals, listCounterparties, powerRows, powerTotals, type MonitoringRange } from './store';

const MONITOREO = { permission: 'monitoreo' } as const;
const BASE = '/monitoreo/api/v1';

/** The body's range, refused (400 with the limit) when reversed or longer than the calls answer. */
function rangeOf(body: MonitoringBody): MonitoringRange {
  assertDateRange(body, MONITORING_MAX_RANGE_DAYS);
  return body;
}

export default async function monitoringRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const post = <Item extends object>(path: string, item: Item, read: (db: Db, range: MonitoringRange) => Promise<unknown>) =>
    app.post<{ Body: MonitoringBody }>(
      `${BASE}/${path}`,
      { config: MONITOREO, schema: { body: monitoringBodySchema, response: { 200: dataListOf(item) } } },
      async (request) => ({ data: await read(db, rangeOf(request.body)) }),
    );

  app.get<{ Querystring: CounterpartiesQuery }>(
    `${BASE}/lista-compradores-vendedores`,
    { config: MONITOREO, schema: { querystring: counterpartiesQuerySchema, response: { 200: dataListOf(counterpartySchema) } } },
    async (request) => ({ data: await listCounterparties(db, request.query) }),
  );
  post('potencia-total', powerTotalSchema, powerTotals);
  post('potencia-compradores-vendedores', powerRowSchema, powerRows);
  app.get<{ Querystring: EnergyDayQuery }>(
    `${BASE}/energia`,
    { config: MONITOREO, schema: { querystring: energyDayQuerySchema, response: { 200: dataListOf(energyHourSchema) } } },
    async (request) => ({ data: await energyHours(db, request.query) }),
  );
  post('energia-total', energyTotalSchema, energyTotals);
  post('energia-compradores-vendedores', energyRowSchema, energyRows);

  // The pages' workbooks: the rows of each role and the role's totals per day.
  app.post<{ Body: MonitoringExcelBody }>(`${BASE}/potencia-excel`, { config: { ...MONITOREO, answers: WORKBOOK_ANSWER }, schema: { body: monitoringExcelBodySchema } }, async (request, reply) => {
    const { idioma = 'es-ES', ...body } = request.body;
    const range = rangeOf(body);
    // Read whole before the first byte: a failure is still an error answer, not half a file.
    const [rows, totals] = await Promise.all([powerRows(db, range), powerTotals(db, range)]);
    return sendWorkbook(request, reply, monitoringFileName('potencia', range, idioma), (out) => writeMonitoringWorkbook(out, 'potencia', { rows, totals }, range, idioma));
  });
  app.post<{ Body: MonitoringExcelBody }>(`${BASE}/energia-excel`, { config: { ...MONITOREO, answers: WORKBOOK_ANSWER }, schema: { body: monitoringExcelBodySchema } }, async (request, reply) => {
    const { idioma = 'es-ES', ...body } = request.body;
    const range = rangeOf(body);
    const [rows, totals] = await Promise.all([energyRows(db, range), energyTotals(db, range)]);
    return sendWorkbook(request, reply, monitoringFileName('energia', range, idioma), (out) => writeMonitoringWorkbook(out, 'energia', { rows, totals }, range, idioma));
  });
}
