// ERCOT's files imported (docs/ercot.md "Imports"): the DAM prices (NP4-190-CD), the RTM prices
// (NP6-905-CD), the company's day-ahead awards and the settlement-point catalogue (ERCOT's
// Settlement Points List), each a CSV or a workbook. All or nothing, as
// every import: any problem of a cell, of the clock (an hour the day does not have, a repeated
// hour without its flag, the flag on an hour not repeated), of a key given twice or of a point
// not in force answers 400 APP_ERR_MARKET_DATA_INVALID listing every problem, and nothing is stored.
import type { ErcotImported, ErcotImportKind } from '../../schemas/ercot.schema';
import type { Db } from '../db/client';
import { AppErrors, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import type { TableUpload } from '../market-data/file-table';
import { listedProblems } from '../market-data/rules';
import {
  pointInUseProblems,
  pointsNamed,
  readErcotTable,
  readPointsTable,
  unknownPointProblems,
  type AwardRow,
  type ErcotTable,
  type PointRow,
  type PriceRow,
} from './rules';
import { lockPoints, pointsByName, pointUses, storeAwards, storePoints, storePrices } from './store';

type Table = TableUpload['table'];

/** One import: read the file, judge it whole (its points against the catalogue), store it, answer what it covered. */
function importOf<Row extends PriceRow | AwardRow>(tipo: Exclude<ErcotImportKind, 'puntos'>, read: (table: Table) => ErcotTable<Row>, store: (tx: Db, rows: Row[], archivo: string) => Promise<void>) {
  return useCase<TableUpload, ErcotImported>({
    audit: { action: 'ercot.import', entity: 'ercot' },
    async run(tx, _caller, { archivo, table }) {
      const { rows, problems } = read(table);
      problems.push(...unknownPointProblems(tipo, rows, await pointsByName(tx, pointsNamed(rows))));
      if (problems.length > 0) throw withDetails(new AppErrors.marketDataInvalid(), listedProblems(problems));
      await store(tx, rows.map(({ row }) => row), archivo);
      const days = rows.map(({ row }) => row.dia_operacion).sort();
      const imported: ErcotImported = { tipo, filas: rows.length, desde: days[0]!, hasta: days[days.length - 1]! };
      return { id: tipo, before: null, after: imported, audited: { before: null, after: { ...imported, archivo } } };
    },
  });
}

/** POST /ercot/api/v1/precios-dam: stores the prices, replacing those of the same point and hour. */
export const importDamPrices = importOf(
  'precios-dam',
  (table) => readErcotTable('precios-dam', table),
  (tx, rows, archivo) => storePrices(tx, 'DAM', rows, archivo),
);
/** POST /ercot/api/v1/precios-rtm: stores the prices, replacing those of the same point and 15 minutes. */
export const importRtmPrices = importOf(
  'precios-rtm',
  (table) => readErcotTable('precios-rtm', table),
  (tx, rows, archivo) => storePrices(tx, 'RTM', rows, archivo),
);
/** POST /ercot/api/v1/adjudicaciones: stores the awards, replacing those of the same hour, kind, point and sink. */
export const importAwards = importOf('adjudicaciones', (table) => readErcotTable('adjudicaciones', table), storeAwards);

/** Whether a stored point is given again as it is. */
const sameAs = (stored: PointRow, given: PointRow) =>
  stored.tipo === given.tipo && stored.vigente_desde === given.vigente_desde && stored.vigente_hasta === given.vigente_hasta;

/**
 * POST /ercot/api/v1/puntos: the catalogue from ERCOT's Settlement Points List. A new name is
 * inserted, a stored one takes the type and validity given; a validity that would leave out
 * days of a point's stored prices or awards is a problem of its row (`point_in_use`), and any
 * problem stores nothing. The stored points are locked first, so what they are used on cannot
 * change under the check.
 */
export const importPoints = useCase<TableUpload, ErcotImported>({
  audit: { action: 'ercot.import', entity: 'ercot' },
  async run(tx, _caller, { archivo, table }) {
    const { rows, problems } = readPointsTable(table);
    const stored = new Map((await lockPoints(tx, rows.map(({ row }) => row.nombre))).map((point) => [point.nombre, point]));
    problems.push(...pointInUseProblems(rows, await pointUses(tx, [...stored.keys()])));
    if (problems.length > 0) throw withDetails(new AppErrors.marketDataInvalid(), listedProblems(problems));
    const points = rows.map(({ row }) => row);
    await storePoints(tx, points);
    const changed = points.filter((point) => !stored.has(point.nombre) || !sameAs(stored.get(point.nombre)!, point));
    const starts = points.map((point) => point.vigente_desde).sort();
    const imported: ErcotImported = {
      tipo: 'puntos',
      filas: points.length,
      desde: starts[0]!,
      hasta: starts[starts.length - 1]!,
      nuevos: changed.filter((point) => !stored.has(point.nombre)).length,
      actualizados: changed.filter((point) => stored.has(point.nombre)).length,
    };
    // The audit row keeps what changed: the points before (those stored) and after.
    const before = changed.flatMap((point) => stored.get(point.nombre) ?? []);
    return { id: 'puntos', before: null, after: imported, audited: { before: { puntos: before }, after: { ...imported, archivo, puntos: changed } } };
  },
});
