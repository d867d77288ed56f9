import { MAX_BLOCKS, type Logbook, type OfferDirection, type OfferRow } from '../../../schemas/logbook.schema';
import { PERIODS } from './declaration-sheet';

// El Salvador's top-offer sheet (docs/logbooks.md, "Screens"): a line per unit (its PM) and
// period with up to five price/MW blocks, typed as wire decimals ('' where nothing is typed).

export const SLV_BLOCKS = MAX_BLOCKS.SLV;

export interface TopOfferLine {
  /** `<PM>|<period>` */
  key: string;
  pm: string;
  periodo: number;
  precios: string[];
  mws: string[];
}

const blank = () => Array.from({ length: SLV_BLOCKS }, () => '');

/** The 24 empty lines of a unit. */
export function unitLines(pm: string): TopOfferLine[] {
  return PERIODS.map((periodo) => ({ key: `${pm}|${periodo}`, pm, periodo, precios: blank(), mws: blank() }));
}

/** The sheet of a day's offers in one direction: every period of each unit that has offers or limits. */
export function topOfferSheet(logbook: Logbook | null, units: readonly string[]): TopOfferLine[] {
  const pms = [...new Set([...(logbook?.filas ?? []).map((row) => row.pm), ...units])].sort();
  const lines = pms.flatMap(unitLines);
  const byKey = new Map(lines.map((line) => [line.key, line]));
  for (const row of logbook?.filas ?? []) {
    const line = byKey.get(`${row.pm}|${row.periodo}`);
    if (!line) continue;
    row.bloques.forEach((block, index) => {
      line.precios[index] = block.precio;
      line.mws[index] = block.mw;
    });
  }
  return lines;
}

/**
 * The offers of a sheet: a line with blocks is an offer, its blocks in order. `incomplete` are
 * the lines with a block missing its price or its MW, or a gap before a filled block: what the
 * form names before anything is sent.
 */
export function topOffers(lines: readonly TopOfferLine[], sentido: OfferDirection): { filas: OfferRow[]; lineOf: TopOfferLine[]; incomplete: TopOfferLine[] } {
  const filas: OfferRow[] = [];
  const lineOf: TopOfferLine[] = [];
  const incomplete: TopOfferLine[] = [];
  for (const line of lines) {
    const filled = line.precios.map((precio, index) => precio !== '' || line.mws[index] !== '');
    const last = filled.lastIndexOf(true);
    if (last < 0) continue;
    const bloques = line.precios.slice(0, last + 1).map((precio, index) => ({ precio, mw: line.mws[index] ?? '' }));
    if (bloques.some((block) => block.precio === '' || block.mw === '')) {
      incomplete.push(line);
      continue;
    }
    filas.push({ periodo: line.periodo, pm: line.pm, sentido, tipo: 'OPORTUNIDAD', anexo_id: null, mw_declarada: null, bloques });
    lineOf.push(line);
  }
  return { filas, lineOf, incomplete };
}
