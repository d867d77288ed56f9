// The shape of the EOR's daily predespacho workbook of a country (AREAS.md 0.1, (a) "Importing
// an EOR file"), written once: the import reads it (predespacho-import.ts) and the market
// simulator writes it (server/market-sim/predespacho-workbook.ts). Of its sheets only TCP
// (programmed contract transactions), TOP (programmed opportunity transactions) and PEXANTE
// (ex-ante nodal prices) are read. Each has a title block over rows 1-7, its operating day in
// A3 ("Fecha: dd/mm/aaaa"), its header on Excel row 8 and one row per period and key below.
// The header texts are our reading of the public workbooks [S1]: the EOR's own spelling was not
// reachable, so a header is compared without case, accents or repeated spaces.
import { PREDESPACHO_SHEETS } from '../db/schema/logbooks';

export { PREDESPACHO_SHEETS };
export type PredespachoSheet = (typeof PREDESPACHO_SHEETS)[number];

/** The Excel row of every read sheet's header; the rows above it are the title block. */
export const PREDESPACHO_HEADER_ROW = 8;

/** The title cell that names the operating day, on each read sheet. */
export const PREDESPACHO_DATE_CELL = 'A3';

/** The date cell's text before the day (`Fecha: 01/03/2025`). */
export const PREDESPACHO_DATE_LABEL = 'Fecha:';

/** The country files of the EOR, by the code their file name ends in [K: the EOR's member order]. */
export const PREDESPACHO_COUNTRIES = {
  OSO001: 'GT',
  OSO002: 'SV',
  OSO003: 'HN',
  OSO004: 'NI',
  OSO005: 'CR',
  OSO006: 'PA',
} as const;
export type PaisOso = keyof typeof PREDESPACHO_COUNTRIES;

/**
 * What a column holds: a column of `resultados_predespacho`, or a price/MW of one of a TOP
 * offer's five blocks. The table has no column for the blocks: they are checked as numbers (a
 * broken cell is a broken file) and not stored.
 */
export type PredespachoField =
  | 'periodo'
  | 'nodo'
  | 'agente'
  | 'pm'
  | 'codigo_contrato'
  | 'sentido'
  | 'mw_requerida'
  | 'mw_declarada'
  | 'mw_predespachada'
  | 'precio_exante'
  | 'reduccion'
  | 'bloque_precio'
  | 'bloque_mw';

export interface PredespachoColumn {
  header: string;
  field: PredespachoField;
}

const column = (header: string, field: PredespachoField): PredespachoColumn => ({ header, field });

const BLOCKS: PredespachoColumn[] = [1, 2, 3, 4, 5].flatMap((block) => [column(`Bloque${block} Precio`, 'bloque_precio'), column(`Bloque${block} MW`, 'bloque_mw')]);

/** Each read sheet's header, in order, as row 8 spells it. */
export const PREDESPACHO_COLUMNS: Readonly<Record<PredespachoSheet, readonly PredespachoColumn[]>> = {
  TCP: [
    column('Periodo', 'periodo'),
    column('Nodo', 'nodo'),
    column('Agente', 'agente'),
    column('PM', 'pm'),
    column('Código Contrato', 'codigo_contrato'),
    column('Tipo Transacción', 'sentido'),
    column('MW Requerida', 'mw_requerida'),
    column('MW Declarada', 'mw_declarada'),
    column('Precio Ex-ante', 'precio_exante'),
    column('MW Predespachada', 'mw_predespachada'),
    column('Reducción', 'reduccion'),
  ],
  TOP: [
    column('Periodo', 'periodo'),
    column('Nodo', 'nodo'),
    column('Agente', 'agente'),
    column('PM', 'pm'),
    column('Tipo Transacción', 'sentido'),
    column('MW Requerida', 'mw_requerida'),
    column('MW Declarada', 'mw_declarada'),
    ...BLOCKS,
    column('Precio Ex-ante', 'precio_exante'),
    column('MW Predespachada', 'mw_predespachada'),
  ],
  PEXANTE: [column('Periodo', 'periodo'), column('Nodo', 'nodo'), column('Precio Ex-ante', 'precio_exante')],
};

/**
 * The columns that, with the period, tell a sheet's rows apart (the table's unique key): a row
 * of the same key twice is refused, and each key has the 24 periods of the day.
 */
export const PREDESPACHO_KEYS: Readonly<Record<PredespachoSheet, readonly PredespachoField[]>> = {
  TCP: ['nodo', 'agente', 'pm', 'codigo_contrato', 'sentido'],
  TOP: ['nodo', 'agente', 'pm', 'sentido'],
  PEXANTE: ['nodo'],
};

/** The sheets' titles (row 2), as the simulator writes them. */
export const PREDESPACHO_TITLES: Readonly<Record<PredespachoSheet, string>> = {
  TCP: 'Transacciones de Contrato Programadas',
  TOP: 'Transacciones de Oportunidad Programadas',
  PEXANTE: 'Precios Ex-ante Nodales',
};

/** A header as it is compared: no accents, no case, single spaces. */
export function headerKey(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The date cell's text for an operating day (ISO date). */
export function predespachoDateText(fecha: string): string {
  const [year, month, day] = fecha.split('-');
  return `${PREDESPACHO_DATE_LABEL} ${day}/${month}/${year}`;
}

const COUNTRY_IN_NAME = /-(OSO00[1-6])(?!\d)/i;
const DAY_IN_NAME = /(?:^|[-_])(\d{4})(\d{2})(\d{2})(?=[-_.])/;

/** The country file a workbook's name says (`...-OSO00X....xlsx`), or null. */
export function paisOsoOfFileName(fileName: string): PaisOso | null {
  const match = COUNTRY_IN_NAME.exec(fileName);
  return match ? (match[1]!.toUpperCase() as PaisOso) : null;
}

/** The day a workbook's name carries (`PUB004-PRE-YYYYMMDD-...`) as yyyy-mm-dd, or null when it carries none. */
export function dayOfFileName(fileName: string): string | null {
  const match = DAY_IN_NAME.exec(fileName);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null;
}

/** The EOR's name of a country's workbook of a day: `PUB004-PRE-YYYYMMDD-OSO00X.xlsx`. */
export function predespachoFileName(fecha: string, paisOso: PaisOso): string {
  return `PUB004-PRE-${fecha.replaceAll('-', '')}-${paisOso}.xlsx`;
}
