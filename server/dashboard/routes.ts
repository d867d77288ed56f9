// The contract performance dashboard (`/dashboard`, docs/dashboard.md; docs/api-dashboard.md):
// the figures of its report (performance-report.ts) as the page reads them, the totals (the
// tiles) and the same totals per contract, month and contract type, in one statement; and the
// report's rows as a workbook. Behind the `dashboard` view key. The rows are a contract's months
// within twelve, so the workbook is always written at once (no job).
import type { FastifyInstance } from 'fastify';
import { reportFileName } from '../../i18n/download-names';
import { businessToday } from '../../schemas/date.schema';
import { dashboardAnswerSchema, dashboardBodySchema, type DashboardAnswer, type DashboardBody } from '../../schemas/dashboard.schema';
import { dataOf } from '../../schemas/envelope.schema';
import { excelReportBody } from '../../schemas/report.schema';
import type { Db } from '../db/client';
import { sendWorkbook, WORKBOOK_ANSWER, type ExcelLanguage } from '../files/workbook';
import { writeReportWorkbook } from '../reports/excel';
import { assertReferences, inSnapshot, reportGroups } from '../reports/kit';
import { performanceReport, positionDay } from './performance-report';

const DASHBOARD = { permission: 'dashboard' } as const;
const BASE = '/dashboard/api/v1';

/** What a contract's group is keyed by: the contract and what the grid shows of it. */
const CONTRACT_KEYS = ['contrato_id', 'contrato', 'empresa_id', 'razon_social', 'sucursal', 'tipo_contrato', 'clase_contrato', 'tipo_transaccion', 'moneda', 'operador'] as const;

export default async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.post<{ Body: DashboardBody }>(
    `${BASE}/desempeno`,
    { config: DASHBOARD, schema: { body: dashboardBodySchema, response: { 200: dataOf(dashboardAnswerSchema) } } },
    async (request): Promise<{ data: DashboardAnswer }> => {
      await assertReferences(db, request.body);
      const hoy = businessToday();
      const { totales, total_filas, grupos } = await reportGroups(db, performanceReport, request.body, {
        contratos: CONTRACT_KEYS,
        meses: ['mes'],
        tipos: ['tipo_contrato'],
      });
      const columnas = performanceReport.columns.map(({ clave, tipo }) => ({ clave, tipo }));
      return { data: { columnas, totales, total_filas, ...grupos, hoy, posicion_al: await positionDay(db, hoy) } };
    },
  );

  app.post<{ Body: DashboardBody & { idioma?: ExcelLanguage } }>(
    `${BASE}/desempeno/excel`,
    { config: { ...DASHBOARD, answers: WORKBOOK_ANSWER }, schema: { body: excelReportBody(dashboardBodySchema) } },
    async (request, reply) => {
      const { idioma = 'es-ES', ...body } = request.body;
      await assertReferences(db, body);
      return sendWorkbook(request, reply, reportFileName(performanceReport.nombre, body, idioma), async (out) => {
        await inSnapshot(db, (tx) => writeReportWorkbook(tx, out, performanceReport, body, idioma));
      });
    },
  );
}
