import { LOGBOOK_PERIODS, type ActiveAnnex, type Logbook, type OfferDirection, type OfferRow } from '../../../schemas/logbook.schema';

// The MER declaration sheet (docs/logbooks.md, "Screens"): one line per regional annex in force
// and PM it delivers at (the injection points of an injection contract, the withdrawal points of
// any other, as the bid robot reads them), its price, and its MW in each of the 24 periods. What
// the traders type stays as wire decimals ('' where nothing is declared).

export const PERIODS = Array.from({ length: LOGBOOK_PERIODS }, (_, index) => index + 1);

export interface SheetLine {
  /** `<annex>|<PM>`: the line's identity across reloads. */
  key: string;
  anexo_id: number;
  contrato_codigo: string;
  clase_contrato: string;
  contraparte: string;
  pm: string;
  sentido: OfferDirection;
  potencia_mw: string;
  /** The asked price, one for every period of the line (block 1), '' when none. */
  precio: string;
  /** MW per period (index 0 is period 1), '' where nothing is declared. */
  mw: string[];
}

const keyOf = (anexoId: number, pm: string) => `${anexoId}|${pm}`;

/** The sheet of a day: a line per annex in force and PM, filled from the day's log book where it declared them. */
export function sheetOf(annexes: readonly ActiveAnnex[], logbook: Logbook | null): SheetLine[] {
  const declared = new Map<string, { precio: string; mw: string[] }>();
  for (const row of logbook?.filas ?? []) {
    if (row.tipo !== 'DECLARACION' || row.anexo_id === null || row.anexo_id === undefined) continue;
    const key = keyOf(row.anexo_id, row.pm);
    const line = declared.get(key) ?? { precio: '', mw: PERIODS.map(() => '') };
    line.mw[row.periodo - 1] = row.mw_declarada ?? '';
    line.precio ||= row.bloques[0]?.precio ?? '';
    declared.set(key, line);
  }
  return annexes.flatMap((annex) => {
    const sentido: OfferDirection = annex.tipo_transaccion === 'I' ? 'I' : 'R';
    const points = sentido === 'I' ? annex.pmi : annex.pmr;
    return points.map((pm) => {
      const key = keyOf(annex.anexo_id, pm);
      const found = declared.get(key);
      return {
        key,
        anexo_id: annex.anexo_id,
        contrato_codigo: annex.contrato_codigo,
        clase_contrato: annex.clase_contrato,
        contraparte: annex.contraparte,
        pm,
        sentido,
        potencia_mw: annex.potencia_mw,
        precio: found?.precio ?? '',
        mw: found?.mw ?? PERIODS.map(() => ''),
      };
    });
  });
}

/**
 * Every empty period filled with the annex's contracted MW at its first PM (0 at its others: an
 * annex declares its contracted MW at most across its PMs); what was typed stays.
 */
export function prefilled(lines: readonly SheetLine[]): SheetLine[] {
  const firstLine = new Map<number, string>();
  for (const line of lines) if (!firstLine.has(line.anexo_id)) firstLine.set(line.anexo_id, line.key);
  return lines.map((line) => {
    const mw = firstLine.get(line.anexo_id) === line.key ? line.potencia_mw : '0';
    return { ...line, mw: line.mw.map((typed) => (typed === '' ? mw : typed)) };
  });
}

/** The offers a sheet declares: one per line and period with MW, its price as the one block. */
export function offersOf(lines: readonly SheetLine[]): OfferRow[] {
  return lines.flatMap((line) =>
    PERIODS.flatMap((periodo) => {
      const mw = line.mw[periodo - 1] ?? '';
      if (mw === '') return [];
      return [
        {
          periodo,
          pm: line.pm,
          sentido: line.sentido,
          tipo: 'DECLARACION' as const,
          anexo_id: line.anexo_id,
          mw_declarada: mw,
          bloques: line.precio === '' ? [] : [{ precio: line.precio, mw }],
        },
      ];
    }),
  );
}

/** Where an offer of `offersOf(lines)` came from: its line and period, to name it to the user. */
export function placeOf(lines: readonly SheetLine[], index: number): { line: SheetLine; periodo: number } | null {
  let seen = 0;
  for (const line of lines) {
    for (const periodo of PERIODS) {
      if ((line.mw[periodo - 1] ?? '') === '') continue;
      if (seen === index) return { line, periodo };
      seen += 1;
    }
  }
  return null;
}
