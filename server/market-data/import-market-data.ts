// A market-data import, all or nothing: the file's rows are read and checked (the rules), the
// annexes it names and the stored charge periods it meets are looked up in the same
// transaction, and only a file without a single problem is stored, with one audit row. Any
// problem answers 400 APP_ERR_MARKET_DATA_INVALID listing every problem, and nothing is stored.
import type { FastifyRequest } from 'fastify';
import { MARKET_DATA_KINDS, type MarketDataImported, type MarketDataKind, type MarketDataProblem } from '../../schemas/market-data.schema';
import { existingAnnexIds } from '../annexes/store';
import { importedChargePeriods } from '../countries/store';
import type { Db } from '../db/client';
import { AppErrors, invalidRequest, withDetails } from '../errors/catalogue';
import { readMultipart } from '../files/upload';
import { useCase } from '../kit/use-case';
import { tableOfFile, UnreadableFileError } from './file-table';
import { annexIdsOf, chargeKeysOf, listedProblems, problem, readMarketTable, storedOverlapProblems, unknownAnnexProblems, type MarketRows } from './rules';
import * as store from './store';

/** What an import carries: the kind of file, and its rows of cells as text, the header first. */
interface MarketDataFile {
  tipo: MarketDataKind;
  table: readonly (readonly string[])[];
}

function isKind(value: string | undefined): value is MarketDataKind {
  return (MARKET_DATA_KINDS as readonly string[]).includes(value ?? '');
}

/** The import's file and kind from a multipart body: 400 for an unknown kind, no file or a file that is no table. */
export async function readMarketDataFile(request: FastifyRequest): Promise<MarketDataFile> {
  // The size cap has the request's code here, not the files service's own.
  const { content, fields } = await readMultipart(request, () => new AppErrors.requestTooLarge());
  const { tipo } = fields;
  if (!isKind(tipo)) {
    throw invalidRequest([{ instancePath: '/tipo', keyword: 'enum', message: `tipo must be one of ${MARKET_DATA_KINDS.join(', ')}` }]);
  }
  if (!content) throw new AppErrors.fileMissing();
  try {
    return { tipo, table: await tableOfFile(content) };
  } catch (error) {
    if (!(error instanceof UnreadableFileError)) throw error;
    throw withDetails(new AppErrors.marketDataInvalid(), [problem('unreadable', 1, null)]);
  }
}

/** The problems of the file's good rows against what is stored: annexes that do not exist, charge periods it overlaps. */
async function storedFactProblems(db: Db, data: MarketRows): Promise<MarketDataProblem[]> {
  return [
    ...unknownAnnexProblems(data, await existingAnnexIds(db, annexIdsOf(data))),
    ...storedOverlapProblems(data, await importedChargePeriods(db, chargeKeysOf(data))),
  ];
}

const invalid = (found: Parameters<typeof listedProblems>[0]) => withDetails(new AppErrors.marketDataInvalid(), listedProblems(found));

/** POST /datos-mercado: imports the file, replacing the stored rows of the same keys. */
export const importMarketData = useCase<MarketDataFile, MarketDataImported>({
  audit: { action: 'marketdata.import', entity: 'marketdata' },
  // An annex deleted while the file was stored; a charge period stored meanwhile that overlaps one of the file's.
  refusals: { foreignKey: () => new AppErrors.marketDataInvalid(), overlap: () => new AppErrors.chargePeriodOverlap() },
  async run(tx, { user }, { tipo, table }) {
    const { data, problems } = readMarketTable(tipo, table);
    // A file with problems of its own is refused with those of its good rows against the database
    // too, so one answer lists everything to fix.
    const found = [...problems, ...(await storedFactProblems(tx, data))];
    if (found.length > 0) throw invalid(found);
    await store.upsertMarketRows(tx, data, user.email);
    const imported = { tipo, filas: data.rows.length };
    return { id: tipo, before: null, after: imported, audited: { before: null, after: { ...imported, ...store.datesOf(data) } } };
  },
});
