// The EOR's predespacho workbook of a day and country, made up in exactly the shape the import
// reads (server/logbooks/predespacho-workbook.ts), so the demo and the tests import what the
// operator would publish (AREAS.md 0.4). The values are invented but plausible and the same for
// the same day and country on every machine (a generator seeded by both): ex-ante prices of
// $60-180/MWh with a daily shape at a few nodes named like the demo's, opportunity offers of up
// to five blocks dispatched up to the ex-ante price, and contract transactions reduced in a few
// hours. Panama's TOP sheet is empty, as the operator's often was [S1]. Never for real data.
import ExcelJS from 'exceljs';
import {
  PREDESPACHO_COLUMNS,
  PREDESPACHO_COUNTRIES,
  PREDESPACHO_DATE_CELL,
  PREDESPACHO_HEADER_ROW,
  PREDESPACHO_SHEETS,
  PREDESPACHO_TITLES,
  predespachoDateText,
  type PaisOso,
  type PredespachoSheet,
} from '../logbooks/predespacho-workbook';

/** The nodes of each country file: the demo contracts' codes where the demo has the country. */
const NODES: Record<PaisOso, readonly string[]> = {
  OSO001: ['GT-ESC-230', 'GT-GUA-230', 'GT-LBR-230', 'GT-MOY-230'],
  OSO002: ['SV-AHU-115', 'SV-NEJ-230', 'SV-15SE-115'],
  OSO003: ['HN-AGC-230', 'HN-PAV-230', 'HN-SPS-230'],
  OSO004: ['NI-LEO-230', 'NI-TIC-230', 'NI-MAS-230'],
  OSO005: ['CR-CAN-230', 'CR-LIB-230', 'CR-PAR-230'],
  OSO006: ['PA-PAN-230', 'PA-CHO-230', 'PA-LSA-230'],
};

/** How an ex-ante price moves over the day's 24 periods (1 = the node's base price). */
const PRICE_SHAPE = [
  0.74, 0.72, 0.71, 0.71, 0.73, 0.8, 0.92, 1.0, 1.05, 1.08, 1.1, 1.12, 1.12, 1.11, 1.1, 1.1, 1.14, 1.25, 1.4, 1.44, 1.33, 1.15, 0.96,
  0.84,
];

const OPPORTUNITY_OFFERS = 4;
const CONTRACTS = 3;

/** A generator of numbers in [0, 1), the same sequence for the same seed (mulberry32). */
function generator(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state ^ char.charCodeAt(0), 0x9e3779b1) + 1) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `min` to `max`, both included. */
const between = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Hundredths or tenths as the number a cell holds (integers first, so no float noise is written). */
const cents = (value: number) => value / 100;
const tenths = (value: number) => value / 10;

type Cell = string | number | null;

/** The ex-ante price of each node and period, in cents: $60-180/MWh. */
function exAntePrices(random: () => number, nodes: readonly string[]): Map<string, number[]> {
  return new Map(
    nodes.map((nodo) => {
      const base = between(random, 9_000, 12_500);
      return [nodo, PRICE_SHAPE.map((shape) => Math.min(18_000, Math.max(6_000, Math.round(base * shape) + between(random, -400, 400))))];
    }),
  );
}

/** PEXANTE: each node's ex-ante price, period by period. */
function exAnteRows(nodes: readonly string[], prices: Map<string, number[]>): Cell[][] {
  return PRICE_SHAPE.flatMap((_, periodo) => nodes.map((nodo) => [periodo, nodo, cents(prices.get(nodo)![periodo]!)]));
}

/**
 * TOP: opportunity offers of agents at the country's nodes, one row per period. An injection's
 * block prices rise, a withdrawal's fall; the MW predispatched is that of the blocks the ex-ante
 * price takes (an injection's at or below it, a withdrawal's at or above it).
 */
function opportunityRows(random: () => number, country: string, nodes: readonly string[], prices: Map<string, number[]>): Cell[][] {
  const offers = Array.from({ length: OPPORTUNITY_OFFERS }, (_, index) => ({
    nodo: nodes[index % nodes.length]!,
    agente: `AG-${country}-${String(index + 1).padStart(2, '0')}`,
    pm: `${nodes[index % nodes.length]}-U${index + 1}`,
    sentido: index % 2 === 0 ? 'I' : 'R',
  }));
  return PRICE_SHAPE.flatMap((_, periodo) =>
    offers.map(({ nodo, agente, pm, sentido }) => {
      const exAnte = prices.get(nodo)![periodo]!;
      const count = between(random, 1, 5);
      let price = sentido === 'I' ? between(random, 6_000, 11_000) : between(random, 13_000, 18_000);
      const blocks: Array<{ price: number; mw: number }> = [];
      for (let block = 0; block < count; block += 1) {
        blocks.push({ price, mw: between(random, 10, 200) });
        price += (sentido === 'I' ? 1 : -1) * between(random, 300, 2_000);
      }
      const declared = blocks.reduce((sum, block) => sum + block.mw, 0);
      const taken = blocks.filter((block) => (sentido === 'I' ? block.price <= exAnte : block.price >= exAnte)).reduce((sum, block) => sum + block.mw, 0);
      const blockCells = Array.from({ length: 5 }, (_, index) => blocks[index]).flatMap((block) => (block ? [cents(block.price), tenths(block.mw)] : [null, null]));
      return [periodo, nodo, agente, pm, sentido, tenths(declared + between(random, 0, 50)), tenths(declared), ...blockCells, cents(exAnte), tenths(taken)];
    }),
  );
}

/** TCP: firm and non-firm contracts between the country's nodes, reduced in a few hours (flag S). */
function contractRows(random: () => number, country: string, nodes: readonly string[], prices: Map<string, number[]>, year: string): Cell[][] {
  const contracts = Array.from({ length: CONTRACTS }, (_, index) => ({
    nodo: nodes[index % nodes.length]!,
    agente: index === 0 ? `EPWM-${country}` : `AG-${country}-${String(index + 10)}`,
    pm: nodes[(index + 1) % nodes.length]!,
    codigo: `${index % 2 === 0 ? 'CNFFF' : 'CF'}-${country}-${year}-${String(index + 1).padStart(3, '0')}`,
    sentido: index % 2 === 0 ? 'I' : 'R',
    mw: between(random, 50, 400),
  }));
  return PRICE_SHAPE.flatMap((_, periodo) =>
    contracts.map(({ nodo, agente, pm, codigo, sentido, mw }) => {
      const declared = mw - between(random, 0, 20);
      const reduced = random() < 0.15 ? between(random, 1, declared) : 0;
      const reduccion = declared === 0 ? 'NA' : reduced > 0 ? 'S' : 'N';
      return [periodo, nodo, agente, pm, codigo, sentido, tenths(mw), tenths(declared), cents(prices.get(nodo)![periodo]!), tenths(declared - reduced), reduccion];
    }),
  );
}

/** TCP rows of the company's declared transactions (agent EPWM-<country>), at its PM, priced at the nearest node's ex-ante price. */
function declaredRows(random: () => number, country: string, declared: readonly DeclaredTransaction[], prices: Map<string, number[]>, nodes: readonly string[]): Cell[][] {
  return declared.flatMap(({ codigo, pm, sentido, mw }) => {
    const priced = prices.get(pm) ?? prices.get(nodes[0]!)!;
    // Every period of the day is on the sheet (the import asks for the 24): none declared is 0.
    return Array.from({ length: 24 }, (_, periodo) => {
      const typed = mw[periodo] ?? null;
      // In thousandths, so what was declared is written exactly (a log book's MW has up to 3 decimals).
      const declaredMilli = typed === null ? 0 : Math.round(Number(typed) * 1000);
      const reduced = declaredMilli > 0 && random() < 0.2 ? between(random, 1, declaredMilli) : 0;
      const reduccion = declaredMilli === 0 ? 'NA' : reduced > 0 ? 'S' : 'N';
      const milli = (value: number) => value / 1000;
      return [periodo, pm, `EPWM-${country}`, pm, codigo, sentido, milli(declaredMilli), milli(declaredMilli), cents(priced[periodo]!), milli(declaredMilli - reduced), reduccion];
    });
  });
}

/** A read sheet: its title block, the header on its row and the rows under it. */
function addSheet(workbook: ExcelJS.Workbook, hoja: PredespachoSheet, fecha: string, paisOso: PaisOso, rows: readonly Cell[][]): void {
  const sheet = workbook.addWorksheet(hoja);
  sheet.getCell('A1').value = 'Ente Operador Regional (EOR)';
  sheet.getCell('A2').value = `Predespacho Regional: ${PREDESPACHO_TITLES[hoja]}`;
  sheet.getCell(PREDESPACHO_DATE_CELL).value = predespachoDateText(fecha);
  sheet.getCell('A4').value = `País: ${paisOso}`;
  sheet.getCell('A5').value = 'Publicación PUB004 (predespacho)';
  sheet.getRow(PREDESPACHO_HEADER_ROW).values = PREDESPACHO_COLUMNS[hoja].map((column) => column.header);
  rows.forEach((cells, index) => {
    sheet.getRow(PREDESPACHO_HEADER_ROW + 1 + index).values = cells.map((cell) => cell ?? undefined);
  });
}

/**
 * A contract transaction an agent declared to the EOR for the day (what a sent MER log book
 * carried): its counterpart code, PM, direction and MW of each period (index 0 is period 1;
 * null where it declared none, written as 0).
 */
export interface DeclaredTransaction {
  codigo: string;
  pm: string;
  sentido: 'I' | 'R';
  mw: ReadonlyArray<string | null>;
}

/**
 * The predespacho workbook of day `fecha` (ISO) for the country file `paisOso` (`OSO001`..`OSO006`),
 * as an .xlsx: a cover sheet the import does not read, then TCP, TOP and PEXANTE. `declared`
 * adds the company's declared transactions to TCP, programmed as declared except in a few
 * periods the EOR reduces (flag S), as the operator programs what the agents declared.
 */
export async function predespachoWorkbook(fecha: string, paisOso: string, declared: readonly DeclaredTransaction[] = []): Promise<Buffer> {
  if (!(paisOso in PREDESPACHO_COUNTRIES)) throw new Error(`predespachoWorkbook: ${paisOso} is not an EOR country file`);
  const oso = paisOso as PaisOso;
  const country = PREDESPACHO_COUNTRIES[oso];
  const nodes = NODES[oso];
  const random = generator(`${fecha}:${oso}`);
  const prices = exAntePrices(random, nodes);
  const rows: Record<PredespachoSheet, Cell[][]> = {
    PEXANTE: exAnteRows(nodes, prices),
    TCP: [...contractRows(random, country, nodes, prices, fecha.slice(0, 4)), ...declaredRows(random, country, declared, prices, nodes)],
    TOP: oso === 'OSO006' ? [] : opportunityRows(random, country, nodes, prices),
  };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'EOR (simulado)';
  // The workbook's own dates are the day's, so nothing in it depends on when it was made.
  workbook.created = new Date(`${fecha}T00:00:00Z`);
  workbook.modified = workbook.created;
  const cover = workbook.addWorksheet('PORTADA');
  cover.getCell('A1').value = 'Ente Operador Regional (EOR): Predespacho Regional';
  cover.getCell(PREDESPACHO_DATE_CELL).value = predespachoDateText(fecha);
  for (const hoja of PREDESPACHO_SHEETS) addSheet(workbook, hoja, fecha, oso, rows[hoja]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
