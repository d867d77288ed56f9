// A market-data import, all or nothing: the file's rows are read and checked (the rules), the
// annexes it names and the stored charge periods it meets are looked up in the same
// transaction, and only a file without a single problem is stored, with one audit row. Any problem answers 400 APP_ERR_MARKET_DATA_INVALID
// listing every problem, and nothing is stored.
import type { FastifyRequest } from 'fastify';
import type { MarketDataImported, MarketDataKind, MarketDataProblem } from '../../schemas/market-data.schema';
import type { Db } from '../db/client';
import { mutate } from '../db/versioned';
import { AppErrors, withDetails } from '../errors/catalogue';
import { actorOf } from '../audit/store';
import { annexIdsOf, chargeKeysOf, listedProblems, readMarketTable, storedOverlapProblems, unknownAnnexProblems, type MarketRows } from './rules';
import * as store from './store';

/** The problems of the file's good rows against what is stored: annexes that do not exist, charge periods it overlaps. */
async function storedFactProblems(db: Db, data: MarketRows): Promise<MarketDataProblem[]> {
  return [
    ...unknownAnnexProblems(data, await store.existingAnnexes(db, annexIdsOf(data))),
    ...storedOverlapProblems(data, await store.storedChargePeriods(db, chargeKeysOf(data))),
  ];
}

/**
 * Imports a file of kind `tipo` (`table`: its rows of cells as text, the header first),
 * replacing the stored rows of the same keys.
 */
export async function importMarketData(
  db: Db,
  request: FastifyRequest,
  tipo: MarketDataKind,
  table: readonly (readonly string[])[],
): Promise<MarketDataImported> {
  const { data, problems } = readMarketTable(tipo, table);
  const invalid = (found: Parameters<typeof listedProblems>[0]) => withDetails(new AppErrors.marketDataInvalid(), listedProblems(found));
  // A file with problems of its own is refused with those of its good rows against the database
  // too, so one answer lists everything to fix.
  if (problems.length > 0) throw invalid([...problems, ...(await storedFactProblems(db, data))]);
  return mutate(
    db,
    request,
    { action: 'marketdata.import', entity: 'marketdata' },
    async (tx) => {
      const found = await storedFactProblems(tx, data);
      if (found.length > 0) throw invalid(found);
      await store.upsertMarketRows(tx, data, actorOf(request).email);
      const imported = { tipo, filas: data.rows.length };
      return { id: tipo, before: null, after: imported, audited: { before: null, after: { ...imported, ...store.datesOf(data) } } };
    },
    // An annex deleted while the file was stored; a charge period stored meanwhile that overlaps one of the file's.
    { foreignKey: () => new AppErrors.marketDataInvalid(), overlap: () => new AppErrors.chargePeriodOverlap() },
  );
}
