import { MAX_BLOCKS, type Logbook, type OfferDirection, type OfferKind, type OfferRow } from '../../../schemas/logbook.schema';
import { PERIODS } from './declaration-sheet';

// The offer sheet of El Salvador's top offers and Mexico's link offers (docs/logbooks.md,
// "Screens"): a line per unit (its PM) and period with its price/MW blocks (five at the UT, a
// fixed MW and three segments at CENACE), typed as wire decimals ('' where nothing is typed).

/** What a sheet's offers are: their direction and kind, how many blocks they take, and whether they carry CENACE's fixed MW. */
export interface SheetShape {
  sentido: OfferDirection;
  tipo: OfferKind;
  blocks: number;
  fixed: boolean;
}

export const SLV_SHAPE = (sentido: OfferDirection): SheetShape => ({ sentido, tipo: 'OPORTUNIDAD', blocks: MAX_BLOCKS.SLV, fixed: false });

export const MEX_SHAPE = (sentido: OfferDirection): SheetShape => ({ sentido, tipo: sentido === 'I' ? 'EXPORTACION' : 'IMPORTACION', blocks: MAX_BLOCKS.MEX, fixed: true });

export interface OfferLine {
  /** `<PM>|<period>` */
  key: string;
  pm: string;
  periodo: number;
  /** CENACE's fixed MW ('' when none; always '' on a sheet without it). */
  fija: string;
  precios: string[];
  mws: string[];
}

const blank = (blocks: number) => Array.from({ length: blocks }, () => '');

/** The 24 empty lines of a unit. */
export function unitLines(pm: string, shape: SheetShape): OfferLine[] {
  return PERIODS.map((periodo) => ({ key: `${pm}|${periodo}`, pm, periodo, fija: '', precios: blank(shape.blocks), mws: blank(shape.blocks) }));
}

/** The sheet of a day's offers of one shape: every period of each unit that has offers or is named. */
export function offerSheet(logbook: Logbook | null, units: readonly string[], shape: SheetShape): OfferLine[] {
  const pms = [...new Set([...(logbook?.filas ?? []).map((row) => row.pm), ...units])].sort();
  const lines = pms.flatMap((pm) => unitLines(pm, shape));
  const byKey = new Map(lines.map((line) => [line.key, line]));
  for (const row of logbook?.filas ?? []) {
    const line = byKey.get(`${row.pm}|${row.periodo}`);
    if (!line) continue;
    line.fija = row.mw_fija ?? '';
    row.bloques.forEach((block, index) => {
      line.precios[index] = block.precio;
      line.mws[index] = block.mw;
    });
  }
  return lines;
}

/**
 * The offers of a sheet: a line with blocks (or a fixed MW) is an offer, its blocks in order.
 * `incomplete` are the lines with a block missing its price or its MW, or a gap before a filled
 * block: what the form names before anything is sent.
 */
export function sheetOffers(lines: readonly OfferLine[], shape: SheetShape): { filas: OfferRow[]; lineOf: OfferLine[]; incomplete: OfferLine[] } {
  const filas: OfferRow[] = [];
  const lineOf: OfferLine[] = [];
  const incomplete: OfferLine[] = [];
  for (const line of lines) {
    const filled = line.precios.map((precio, index) => precio !== '' || line.mws[index] !== '');
    const last = filled.lastIndexOf(true);
    if (last < 0 && line.fija === '') continue;
    const bloques = line.precios.slice(0, last + 1).map((precio, index) => ({ precio, mw: line.mws[index] ?? '' }));
    if (bloques.some((block) => block.precio === '' || block.mw === '')) {
      incomplete.push(line);
      continue;
    }
    filas.push({
      periodo: line.periodo,
      pm: line.pm,
      sentido: shape.sentido,
      tipo: shape.tipo,
      anexo_id: null,
      mw_declarada: null,
      ...(shape.fixed ? { mw_fija: line.fija === '' ? null : line.fija } : {}),
      bloques,
    });
    lineOf.push(line);
  }
  return { filas, lineOf, incomplete };
}
