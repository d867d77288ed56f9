// The accounting calls of spec section 7 (docs/api-accounting.md): the account statement
// (`/estado_de_cuenta`) and the cash flow (`/flujo-caja`), each with its Excel workbook. All
// read; POST with a JSON body as the spec names them. The `contabilidad` view key is the whole
// permission: roles have no Accounting page (spec section 6).
import type { FastifyInstance } from 'fastify';
import {
  cashFlowAccumulatedSchema,
  cashFlowBranchSchema,
  cashFlowExcelBodySchema,
  cashFlowOpenQuerySchema,
  cashFlowRangeQuerySchema,
  cashFlowRangeSchema,
  statementExcelBodySchema,
  statementQuerySchema,
  statementSchema,
  type CashFlowExcelBody,
  type CashFlowOpenQuery,
  type CashFlowRangeQuery,
  type StatementExcelBody,
  type StatementQuery,
} from '../../schemas/accounting.schema';
import { businessToday } from '../../schemas/date.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import type { Db } from '../db/client';
import { invalidRequest } from '../errors/catalogue';
import { cashFlowFileName, statementFileName } from '../../i18n/download-names';
import { sendWorkbook, WORKBOOK_ANSWER } from '../files/workbook';
import { writeCashFlowWorkbook } from './cash-flow-excel';
import { accumulatedCashFlow, cashFlowByBranch, cashFlowByDates, cashFlowItems } from './cash-flow-store';
import { rangeProblems } from './rules';
import { writeStatementWorkbook } from './statement-excel';
import { accountStatement, type StatementFilters } from './statement-store';

const ACCOUNTING = { permission: 'contabilidad' } as const;
const STATEMENT = '/estado_de_cuenta/api/v1';
const CASH_FLOW = '/flujo-caja/api/v1';

export default async function accountingRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /**
   * The statement's filters with the cut-off date settled: the one given, or the company's today
   * (in Guatemala, `businessToday`: the day the invoice rules date documents and payments by, not
   * the database's or the server's time zone).
   */
  function statementFilters({ tipo, empresa_id, moneda, fecha_corte }: StatementQuery): StatementFilters {
    return { tipo, ...(empresa_id === undefined ? {} : { empresa_id }), ...(moneda === undefined ? {} : { moneda }), fecha_corte: fecha_corte ?? businessToday() };
  }

  function checkRange({ desde, hasta }: CashFlowRangeQuery): void {
    const problems = rangeProblems(desde, hasta);
    if (problems.length > 0) throw invalidRequest(problems);
  }

  // `date` is left out of what the two calls read: the spec removed it from their bodies.
  const openItems = ({ moneda }: CashFlowOpenQuery): CashFlowOpenQuery => (moneda === undefined ? {} : { moneda });

  app.post<{ Body: StatementQuery }>(
    `${STATEMENT}/get`,
    { config: ACCOUNTING, schema: { body: statementQuerySchema, response: { 200: dataOf(statementSchema) } } },
    async (request) => ({ data: await accountStatement(db, statementFilters(request.body)) }),
  );

  app.post<{ Body: StatementExcelBody }>(
    `${STATEMENT}/excel`,
    { config: { ...ACCOUNTING, answers: WORKBOOK_ANSWER }, schema: { body: statementExcelBodySchema } },
    async (request, reply) => {
      const { idioma = 'es-ES', ...query } = request.body;
      // Read whole before the first byte: a failure is still an error answer, not half a file.
      const statement = await accountStatement(db, statementFilters(query));
      return sendWorkbook(request, reply, statementFileName(statement, idioma), (out) => writeStatementWorkbook(out, statement, query, idioma));
    },
  );

  app.post<{ Body: CashFlowOpenQuery }>(
    `${CASH_FLOW}/flujo-caja-sucursales`,
    { config: ACCOUNTING, schema: { body: cashFlowOpenQuerySchema, response: { 200: dataListOf(cashFlowBranchSchema) } } },
    async (request) => ({ data: await cashFlowByBranch(db, openItems(request.body)) }),
  );

  app.post<{ Body: CashFlowOpenQuery }>(
    `${CASH_FLOW}/flujo-caja-acumulado`,
    { config: ACCOUNTING, schema: { body: cashFlowOpenQuerySchema, response: { 200: dataOf(cashFlowAccumulatedSchema) } } },
    async (request) => ({ data: await accumulatedCashFlow(db, openItems(request.body)) }),
  );

  app.post<{ Body: CashFlowRangeQuery }>(
    `${CASH_FLOW}/flujo-caja-fechas`,
    { config: ACCOUNTING, schema: { body: cashFlowRangeQuerySchema, response: { 200: dataOf(cashFlowRangeSchema) } } },
    async (request) => {
      checkRange(request.body);
      return { data: await cashFlowByDates(db, request.body) };
    },
  );

  app.post<{ Body: CashFlowExcelBody }>(
    `${CASH_FLOW}/excel`,
    { config: { ...ACCOUNTING, answers: WORKBOOK_ANSWER }, schema: { body: cashFlowExcelBodySchema } },
    async (request, reply) => {
      const { idioma = 'es-ES', ...query } = request.body;
      checkRange(query);
      const [range, branches, items] = await Promise.all([cashFlowByDates(db, query), cashFlowByBranch(db, openItems(query)), cashFlowItems(db, query)]);
      return sendWorkbook(request, reply, cashFlowFileName(query, idioma), (out) => writeCashFlowWorkbook(out, { range, branches, items }, query, idioma));
    },
  );
}
