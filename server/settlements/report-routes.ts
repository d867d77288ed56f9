// The settlements report (`/liquidacion`, docs/api-settlements.md): a month's settlements of
// every contract side by side with the difference DF - PE, as JSON and as an Excel workbook, and
// which months have settlements (the page opens on the latest).
// Reads, so the `liquidaciones` view key and the Settlements `view` action, as the settlement
// list: like it, the report is not narrowed to the caller's country.
import type { FastifyInstance } from 'fastify';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import {
  settlementReportExcelQuerySchema,
  settlementReportQuerySchema,
  settlementReportMonthSchema,
  settlementReportSchema,
  type SettlementReportExcelQuery,
  type SettlementReportQuery,
} from '../../schemas/settlement-report.schema';
import type { Db } from '../db/client';
import { settlementReportFileName } from '../../i18n/download-names';
import { writeReportWorkbook } from './report-excel';
import { monthsWithSettlements, settlementReport } from './report-store';
import { sendWorkbook, WORKBOOK_ANSWER } from '../files/workbook';

const VIEW = { permission: 'liquidaciones', action: { page: 'Settlements', action: 'view' } } as const;
const BASE = '/liquidacion/api/v3/reporte';

export default async function settlementReportRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get<{ Querystring: SettlementReportQuery }>(
    BASE,
    { config: VIEW, schema: { querystring: settlementReportQuerySchema, response: { 200: dataOf(settlementReportSchema) } } },
    async (request) => ({ data: await settlementReport(db, request.query) }),
  );

  app.get(
    `${BASE}/meses`,
    { config: VIEW, schema: { response: { 200: dataListOf(settlementReportMonthSchema) } } },
    async () => ({ data: await monthsWithSettlements(db) }),
  );

  app.get<{ Querystring: SettlementReportExcelQuery }>(
    `${BASE}/excel`,
    { config: { ...VIEW, answers: WORKBOOK_ANSWER }, schema: { querystring: settlementReportExcelQuerySchema } },
    async (request, reply) => {
      const { idioma = 'es-ES', ...query } = request.query;
      // Read whole before the first byte: a failure is still an error answer, not half a file.
      const report = await settlementReport(db, query);
      return sendWorkbook(request, reply, settlementReportFileName(query, idioma), (out) => writeReportWorkbook(out, report, query, idioma));
    },
  );
}
