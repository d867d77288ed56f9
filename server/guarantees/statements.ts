// An operator's own statement of its guarantees, imported (docs/guarantees.md "Statements"):
// CENACE's REA (the participants' system, "REA y Monto Garantizado de Pago") and ERCOT's ACL and
// EAL (its credit report), one row per day and branch, shown beside the figures the product
// computes. All or nothing, as every import: any problem answers 400 APP_ERR_MARKET_DATA_INVALID
// listing every problem, and nothing is stored.
import { sql } from 'drizzle-orm';
import { OPERATOR_BRANCHES, type GuaranteeOperator, type StatementImported } from '../../schemas/guarantee.schema';
import type { MarketDataProblem } from '../../schemas/market-data.schema';
import { AppErrors, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { readTableUpload, type TableUpload } from '../market-data/file-table';
import { listedProblems, problem, readTableRows, type TableRow, type TableSpec } from '../market-data/rules';

/** The operators that publish a statement, and the figures each one's rows give (the others stay empty). */
const STATEMENT_FIGURES: Partial<Record<GuaranteeOperator, readonly ('rea' | 'acl' | 'eal')[]>> = {
  CENACE: ['rea'],
  ERCOT: ['acl', 'eal'],
};

const STATEMENT_SPEC: TableSpec = {
  columns: ['fecha', 'operador', 'sucursal', 'rea', 'acl', 'eal'],
  optional: new Set(['sucursal', 'rea', 'acl', 'eal']),
  key: ['fecha', 'operador', 'sucursal'],
};

interface StatementRow {
  fecha: string;
  operador: GuaranteeOperator;
  sucursal: string;
  rea: string | null;
  acl: string | null;
  eal: string | null;
}

/** A row's operator publishes statements, its branch is one we are an agent through there (empty: the only one), and it gives its operator's figures only. */
function statementRowProblems(row: TableRow): MarketDataProblem[] {
  const values = row.values as unknown as StatementRow;
  const figures = STATEMENT_FIGURES[values.operador];
  if (!figures) return [problem('statement_operator', row.fila, 'operador')];
  const branches = OPERATOR_BRANCHES[values.operador];
  // The branch may be left empty where the operator has one: it is then that one (and the key sees it so).
  if (values.sucursal === null && branches.length === 1) row.values.sucursal = branches[0];
  const found: MarketDataProblem[] = [];
  if (!branches.includes(row.values.sucursal as string)) {
    found.push(problem('branch_operator', row.fila, 'sucursal', { operador: values.operador, sucursales: branches.join(', ') }));
  }
  const given = (['rea', 'acl', 'eal'] as const).filter((figure) => values[figure] !== null);
  if (given.length !== figures.length || !figures.every((figure) => given.includes(figure))) found.push(problem('statement_figures', row.fila, null));
  return found;
}

/** A statement file's rows, and every problem of its header, cells and rows. */
export function readStatementTable(table: readonly (readonly string[])[]): { rows: StatementRow[]; problems: MarketDataProblem[] } {
  const { rows, problems } = readTableRows(STATEMENT_SPEC, table, statementRowProblems);
  return { rows: rows.map((row) => row.values as unknown as StatementRow), problems };
}

/** The statement file of a multipart body: 400 without a file or for a file that is no table. */
export const readStatementFile = readTableUpload;

/** POST /garantias/api/v1/estados: stores the file's statements, replacing those of the same day, operator and branch. */
export const importStatements = useCase<TableUpload, StatementImported>({
  audit: { action: 'guarantee.import', entity: 'guarantee' },
  async run(tx, { user }, { archivo, table }) {
    const { rows, problems } = readStatementTable(table);
    if (problems.length > 0) throw withDetails(new AppErrors.marketDataInvalid(), listedProblems(problems));
    await tx.execute(
      sql`insert into garantias_estados (fecha, operador, sucursal, rea, acl, eal, archivo_nombre, cargado_por)
          select r.fecha, r.operador, r.sucursal, r.rea, r.acl, r.eal, ${archivo}, ${user.email}
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(fecha date, operador text, sucursal text, rea numeric, acl numeric, eal numeric)
          on conflict (fecha, operador, sucursal) do update set
            rea = excluded.rea, acl = excluded.acl, eal = excluded.eal, archivo_nombre = excluded.archivo_nombre,
            cargado_por = excluded.cargado_por, cargado_en = now()`,
    );
    const days = rows.map((row) => row.fecha).sort();
    const imported: StatementImported = { filas: rows.length, desde: days[0]!, hasta: days[days.length - 1]! };
    return { id: 'estados', before: null, after: imported, audited: { before: null, after: { ...imported, archivo } } };
  },
});
