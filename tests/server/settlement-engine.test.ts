// @vitest-environment node
// The settlement engine (docs/settlements.md): every contract type computes the worked example
// of the doc to the cent (three hours of one annex); a Mexican contract adds the day's exchange
// rate and the MXN amounts; several nodes use their mean price; an annex parameter overrides the
// contract's; TOP adds its monthly shortfall line; what is missing is listed; and, for any
// inputs, every row adds up, the totals are the sums of the rows, recomputing gives the same
// rows, and a validated settlement is never recomputed.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Annex } from '../../schemas/annex.schema';
import { queryRows } from '../../server/db/client';
import { computeSettlementRows, missingData, PG_DATA_MISSING } from '../../server/settlements/store';
import { ADMIN, useAdminWorld, type AdminWorld } from './admin-fixtures';
import { annexBody, createContract } from './contracts-fixtures';
import type { TestApp } from './helpers';
import { insertRates } from './support/charge-rates';

let t: TestApp;
let w: AdminWorld;

useAdminWorld((app, world) => {
  t = app;
  w = world;
});

const PREPARER = 'preparer@test.energy';
const VALIDATOR = 'validator@test.energy';
const DAY = '2026-03-02';
const PMI = ['GT-INY-A'];
const PMR = ['SV-RET-1', 'SV-RET-2'];

// The doc's hourly inputs (periods 18-20 of 2 March 2026); every other hour of the day has no
// energy and a flat price, so it adds only the power settlement.
const HOURS = [
  { periodo: 18, qp: '10.000', qf: '2.000', pi: '80.00', pr: ['95.00', '97.00'], fpn: ['1.02', '1.04'] },
  { periodo: 19, qp: '12.000', qf: '0.000', pi: '85.00', pr: ['110.00', '114.00'], fpn: ['1.01', '1.03'] },
  { periodo: 20, qp: '8.500', qf: '1.500', pi: '70.00', pr: ['60.00', '62.00'], fpn: ['0.99', '0.99'] },
];

/** A text[] parameter (drizzle spreads a bare array into a row of parameters). */
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

const rows = <Row>(statement: ReturnType<typeof sql>) => queryRows<Row>(t.db, statement);

let marketLoaded = false;

/** Node prices, loss factors and charge rates of the worked examples (loaded once). */
async function loadMarket(): Promise<void> {
  if (marketLoaded) return;
  marketLoaded = true;
  for (const version of ['PE', 'DF'] as const) {
    await t.db.execute(sql`
      insert into precios_nodo (nodo, fecha, periodo, version, precio)
      select n, ${DAY}::date, p, ${version}, '50.00' from unnest(${textArray([...PMI, ...PMR])}) n, generate_series(1, 24) p
      where p not between 18 and 20`);
    await t.db.execute(sql`
      insert into factores_perdida (nodo, fecha, periodo, version, fpn)
      select n, ${DAY}::date, p, ${version}, '1' from unnest(${textArray(PMR)}) n, generate_series(1, 24) p
      where p not between 18 and 20`);
    for (const hour of HOURS) {
      await t.db.execute(sql`insert into precios_nodo (nodo, fecha, periodo, version, precio) values
        (${PMI[0]}, ${DAY}, ${hour.periodo}, ${version}, ${hour.pi}),
        (${PMR[0]}, ${DAY}, ${hour.periodo}, ${version}, ${hour.pr[0]}),
        (${PMR[1]}, ${DAY}, ${hour.periodo}, ${version}, ${hour.pr[1]})`);
      await t.db.execute(sql`insert into factores_perdida (nodo, fecha, periodo, version, fpn) values
        (${PMR[0]}, ${DAY}, ${hour.periodo}, ${version}, ${hour.fpn[0]}),
        (${PMR[1]}, ${DAY}, ${hour.periodo}, ${version}, ${hour.fpn[1]})`);
    }
  }
  await t.db.execute(insertRates(['GT', 'MMi', '2026-01-01', null, '1.20'], ['GT', 'peaje_principal', '2026-01-01', null, '0.80'], ['SV', 'MMr', '2026-01-01', null, '1.50']));
  await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio) values (${DAY}, '17.2500')`);
}

/** The annex parameters every worked example shares (docs/settlements.md). */
const SHARED_ANNEX = {
  pmi: PMI,
  pmr: PMR,
  potencia_contratada: '15',
  unidad_potencia: 'MW',
  precio_potencia: '7.50',
  pct_cargos_mmi: '50',
  pct_peaje_principal: '100',
  pct_cargos_mmr: '100',
  pct_fpn: '50',
  fee: null,
  precio_fijo: null,
  poc: null,
  margen_pct: null,
  precio_referencia: null,
  precio_opcion_compra: null,
};

type Params = Record<string, string | number | string[] | null>;

/** A contract with one annex in force on the example's day, its energy loaded for `version`. */
async function exampleAnnex(contract: Params, annex: Params, versions: string[] = ['DF']): Promise<Annex> {
  await loadMarket();
  const created = await createContract(t, w, ADMIN, { fecha_inicio: '2026-01-01', tipo_liquidacion: 'energia_potencia', pmi: PMI, pmr: PMR, ...contract });
  const response = await w.as(ADMIN, {
    method: 'POST',
    url: '/anexos/api/v1/create',
    payload: annexBody(created.id, { fecha_inicio: DAY, fecha_fin: DAY, pmi: PMI, pmr: PMR }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const stored = response.json().data as Annex;
  // Parameters the form would refuse or default (nulls that mean "the contract's") are set directly.
  const params = { ...SHARED_ANNEX, ...annex };
  const assignments = Object.entries(params).map(([column, value]) =>
    Array.isArray(value) ? sql`${sql.identifier(column)} = ${textArray(value)}` : sql`${sql.identifier(column)} = ${value}`,
  );
  await t.db.execute(sql`update anexos set ${sql.join(assignments, sql`, `)} where id = ${stored.id}`);
  for (const version of versions) await loadEnergy(stored.id, version);
  return stored;
}

async function loadEnergy(anexoId: number, version: string, hours: ReadonlyArray<{ periodo: number; qp: string; qf: string }> = HOURS): Promise<void> {
  await t.db.execute(sql`
    insert into energia_anexo (anexo_id, fecha, periodo, version, energia_fisica_mwh, energia_flex_mwh)
    select ${anexoId}, ${DAY}::date, p, ${version}, '0', '0' from generate_series(1, 24) p
    on conflict do nothing`);
  for (const hour of hours) {
    await t.db.execute(sql`update energia_anexo set energia_fisica_mwh = ${hour.qp}, energia_flex_mwh = ${hour.qf}
      where anexo_id = ${anexoId} and fecha = ${DAY} and periodo = ${hour.periodo} and version = ${version}`);
  }
}

async function newSettlement(contratoId: number, version = 'DF', mes = 3): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`
    insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, created_by)
    values (${contratoId}, 2026, ${mes}, ${version}, ${PREPARER}) returning id`);
  return row!.id;
}

async function compute(id: number, by = PREPARER): Promise<number> {
  return t.db.transaction((tx) => computeSettlementRows(tx, id, by));
}

/** Computes the DF of March for a contract with one example annex: the annex, the settlement and its row count. */
async function settleExample(contract: Params, annex: Params): Promise<{ annex: Annex; id: number; computed: number }> {
  const created = await exampleAnnex(contract, annex);
  const id = await newSettlement(created.contrato_id);
  return { annex: created, id, computed: await compute(id) };
}

type Amount =
  | 'precio_inyeccion' | 'precio_retiro' | 'fpn' | 'cargos_mmi' | 'cargos_mmr' | 'cmorc' | 'liquidacion_fisica' | 'liquidacion_flex'
  | 'liquidacion_fpn' | 'liquidacion_energia' | 'liquidacion_potencia' | 'fee' | 'margen' | 'factura';
type Row = Record<Amount | 'energia_total_mwh' | 'energia_fisica_mwh' | 'energia_flex_mwh', string> & {
  periodo: number;
  tipo_cambio: string | null;
  liquidacion_energia_mxn: string | null;
  liquidacion_potencia_mxn: string | null;
  fee_mxn: string | null;
  cargos_mmi_mxn: string | null;
  cargos_mmr_mxn: string | null;
  factura_mxn: string | null;
};

/** The settlement's rows, every numeric as text, by annex, date and period. */
async function rowsOf(id: number): Promise<Row[]> {
  return rows<Row>(sql`select f.*, f.fecha::text as fecha from liquidacion_filas f where liquidacion_id = ${id} order by f.anexo_id, f.fecha, f.periodo`);
}

/** The settlement's rows of the three example hours (periods 18 to 20). */
async function exampleRows(id: number): Promise<Row[]> {
  return (await rowsOf(id)).filter((row) => row.periodo >= 18 && row.periodo <= 20);
}

/** Money and MWh compared as numbers (the scale of a numeric is not part of its value). */
const n = (value: string | null) => (value === null ? null : Number(value));

/**
 * The three example hours against the doc's table (periods 18, 19, 20, then the total), a row
 * its physical, flex, FPN, energy, power, fee, margin and invoice amounts, space-separated so
 * that it reads like a line of the doc's table.
 */
async function expectTable(id: number, table: [string, string, string, string]): Promise<void> {
  const example = await exampleRows(id);
  expect(example.map((row) => row.periodo)).toEqual([18, 19, 20]);
  const columns = ['liquidacion_fisica', 'liquidacion_flex', 'liquidacion_fpn', 'liquidacion_energia', 'liquidacion_potencia', 'fee', 'margen', 'factura'] as const;
  const got = example.map((row) => columns.map((column) => n(row[column])));
  const total = columns.map((column) => Math.round(example.reduce((sum, row) => sum + Number(row[column]) * 100, 0)) / 100);
  expect([...got, total]).toEqual(table.map((line) => line.split(' ').map(Number)));
}

const SHARED_COLUMNS = [
  // MMi, MMr, CMORC per period (they do not depend on the price rule).
  ['16.80', '18.00', '192.00'],
  ['16.80', '18.00', '0.00'],
  ['14.00', '15.00', '91.50'],
];

async function expectSharedColumns(id: number): Promise<void> {
  const example = await exampleRows(id);
  expect(example.map((row) => [n(row.cargos_mmi), n(row.cargos_mmr), n(row.cmorc)])).toEqual(SHARED_COLUMNS.map((line) => line.map(Number)));
}

/** The examples that are their price rule only: the shared columns and the doc's table. */
const PRICE_RULE_EXAMPLES: Array<{ title: string; contract: Params; annex: Params; table: [string, string, string, string] }> = [
  {
    title: 'MC: the contract margin (8 %) applies when the annex has none; Pc = Pr × 1.08, flex at Pr',
    contract: { tipo_contrato: 'MC', margen: '8', fee: '0' },
    annex: {},
    table: [
      '1036.80 192.00 17.28 1246.08 151.21 0.00 99.69 1432.09',
      '1451.52 0.00 13.44 1464.96 151.21 0.00 117.20 1650.97',
      '559.98 91.50 -3.05 648.43 151.21 0.00 51.87 828.64',
      '3048.30 283.50 27.67 3359.47 453.63 0.00 268.76 3911.70',
    ],
  },
  {
    title: 'FEE: the purchase price Pi, flex at Pr, and the annex fee (3.50 over the contract’s 3.00) in its column',
    contract: { tipo_contrato: 'FEE', fee: '3.00' },
    annex: { fee: '3.50', margen_pct: '0' },
    table: [
      '800.00 192.00 17.28 1009.28 151.21 42.00 0.00 1237.29',
      '1020.00 0.00 13.44 1033.44 151.21 42.00 0.00 1261.45',
      '595.00 91.50 -3.05 683.45 151.21 35.00 0.00 898.66',
      '2415.00 283.50 27.67 2726.17 453.63 119.00 0.00 3397.40',
    ],
  },
  {
    title: 'COLLAR: the withdrawal price clamped between the floor (65) and the cap (100)',
    contract: { tipo_contrato: 'COLLAR', fee: '0' },
    annex: { precio_referencia: '65.00', poc: '100.00', margen_pct: '3' },
    table: [
      '960.00 192.00 17.28 1169.28 151.21 0.00 35.08 1355.29',
      '1200.00 0.00 13.44 1213.44 151.21 0.00 36.40 1399.45',
      '552.50 97.50 -3.05 646.95 151.21 0.00 19.41 827.16',
      '2712.50 289.50 27.67 3029.67 453.63 0.00 90.89 3581.90',
    ],
  },
];

describe('the worked examples of docs/settlements.md', () => {
  it('PF: the annex fixed price (90) wins over the contract (85) for physical and flex energy', async () => {
    const { id, computed } = await settleExample({ tipo_contrato: 'PF', precio_fijo: '85.00', fee: '0' }, { precio_fijo: '90.00', margen_pct: '5' });
    expect(computed).toBe(24);
    await expectSharedColumns(id);
    await expectTable(id, [
      '900.00 180.00 17.28 1097.28 151.21 0.00 54.86 1283.29',
      '1080.00 0.00 13.44 1093.44 151.21 0.00 54.67 1279.45',
      '765.00 135.00 -3.05 896.95 151.21 0.00 44.85 1077.16',
      '2745.00 315.00 27.67 3087.67 453.63 0.00 154.38 3639.90',
    ]);
    const [first] = (await rowsOf(id)).filter((row) => row.periodo === 18);
    // The row keeps its inputs: the injection price, the mean of the two withdrawal prices and loss factors.
    expect([n(first!.precio_inyeccion), n(first!.precio_retiro), n(first!.fpn)]).toEqual([80, 96, 1.03]);
    expect(first!.tipo_cambio).toBeNull();
    expect(first!.factura_mxn).toBeNull();
  });

  it('PF in Mexico: the day’s exchange rate and each amount in MXN, the MXN invoice the sum of its parts', async () => {
    const { id } = await settleExample({ tipo_contrato: 'PF', sucursal: 'MX', precio_fijo: '85.00', fee: '0' }, { precio_fijo: '90.00', margen_pct: '5' });
    const example = await exampleRows(id);
    const mxn = example.map((row) =>
      [row.tipo_cambio, row.liquidacion_energia_mxn, row.liquidacion_potencia_mxn, row.fee_mxn, row.cargos_mmi_mxn, row.cargos_mmr_mxn, row.factura_mxn].map(n),
    );
    expect(mxn).toEqual([
      [17.25, 18928.08, 2608.37, 0, 289.8, 310.5, 22136.75],
      [17.25, 18861.84, 2608.37, 0, 289.8, 310.5, 22070.51],
      [17.25, 15472.39, 2608.37, 0, 241.5, 258.75, 18581.01],
    ]);
    const total = (column: keyof Row) => Math.round(example.reduce((sum, row) => sum + Number(row[column]) * 100, 0)) / 100;
    expect(['liquidacion_energia_mxn', 'liquidacion_potencia_mxn', 'cargos_mmi_mxn', 'cargos_mmr_mxn', 'factura_mxn'].map((c) => total(c as keyof Row))).toEqual([
      53262.31, 7825.11, 821.1, 879.75, 62788.27,
    ]);
  });

  for (const { title, contract, annex, table } of PRICE_RULE_EXAMPLES) {
    it(title, async () => {
      const { id } = await settleExample(contract, annex);
      await expectSharedColumns(id);
      await expectTable(id, table);
    });
  }

  it('MC with a call option: Pc = min(Pr, POC) + the option price', async () => {
    const { id } = await settleExample({ tipo_contrato: 'MC', margen: '8', fee: '0' }, { precio_opcion_compra: '5.00', poc: '100.00' });
    await expectTable(id, [
      '1010.00 192.00 17.28 1219.28 151.21 0.00 97.54 1405.29',
      '1260.00 0.00 13.44 1273.44 151.21 0.00 101.88 1459.45',
      '561.00 91.50 -3.05 649.45 151.21 0.00 51.96 829.66',
      '2831.00 283.50 27.67 3142.17 453.63 0.00 251.38 3694.40',
    ]);
  });

  it('TOP: the fixed price on the delivered energy, and the monthly shortfall line in the invoice', async () => {
    // Σ Qt of the month is 34 MWh: a minimum of 263.5 leaves the doc's shortfall of 229.5 MWh.
    const { annex, id } = await settleExample({ tipo_contrato: 'TOP', energia: '263.500', fee: '0' }, { precio_fijo: '88.00', margen_pct: '5' });
    await expectSharedColumns(id);
    await expectTable(id, [
      '880.00 176.00 17.28 1073.28 151.21 0.00 53.66 1259.29',
      '1056.00 0.00 13.44 1069.44 151.21 0.00 53.47 1255.45',
      '748.00 132.00 -3.05 876.95 151.21 0.00 43.85 1057.16',
      '2684.00 308.00 27.67 3019.67 453.63 0.00 150.98 3571.90',
    ]);
    const [settlement] = await rows<{ take_or_pay: string; factura: string; filas: string }>(sql`
      select l.take_or_pay, l.factura, (select sum(factura) from liquidacion_filas where liquidacion_id = l.id) as filas
      from liquidaciones l where id = ${id}`);
    expect(n(settlement!.take_or_pay)).toBe(20196);
    expect(n(settlement!.factura)).toBeCloseTo(Number(settlement!.filas) + 20196, 6);

    // Delivered in full: no shortfall.
    await t.db.execute(sql`update contratos set energia = '34' where id = ${annex.contrato_id}`);
    await compute(id);
    const [after] = await rows<{ take_or_pay: string }>(sql`select take_or_pay from liquidaciones where id = ${id}`);
    expect(n(after!.take_or_pay)).toBe(0);
  });

  it('CFD: the difference to the fixed price only; no charges, no FPN, no power; CMORC still reported', async () => {
    const { id } = await settleExample({ tipo_contrato: 'CFD', fee: '0' }, { precio_fijo: '90.00', fee: '0.50', margen_pct: '0', precio_potencia: null });
    const example = await exampleRows(id);
    expect(example.map((row) => [n(row.cargos_mmi), n(row.cargos_mmr), n(row.cmorc)])).toEqual([
      [0, 0, 192],
      [0, 0, 0],
      [0, 0, 91.5],
    ]);
    await expectTable(id, [
      '-60.00 -12.00 0.00 -72.00 0.00 6.00 0.00 -66.00',
      '-264.00 0.00 0.00 -264.00 0.00 6.00 0.00 -258.00',
      '246.50 43.50 0.00 290.00 0.00 5.00 0.00 295.00',
      '-77.50 31.50 0.00 -46.00 0.00 17.00 0.00 -29.00',
    ]);
  });
});

describe('the engine', () => {
  it('uses the plain mean of several nodes’ prices, and an annex node list over the contract’s', async () => {
    // The contract names one withdrawal node; the annex's two are the ones used.
    const { id } = await settleExample({ tipo_contrato: 'MC', margen: '0', fee: '0', pmr: ['SV-RET-1'] }, {});
    const example = await exampleRows(id);
    expect(example.map((row) => n(row.precio_retiro))).toEqual([96, 112, 61]);
    // MC with m = 0: the physical price is the mean itself.
    expect(example.map((row) => n(row.liquidacion_fisica))).toEqual([960, 1344, 518.5]);
  });

  it('has one row per period of every day the annex is in force in the month, and totals that are the sums of the rows', async () => {
    const { id, computed } = await settleExample({ tipo_contrato: 'PF', fee: '0' }, { precio_fijo: '90.00', margen_pct: '5' });
    expect(computed).toBe(24);
    await expectTotalsAreSums(id);
    const [settlement] = await rows<{ calculada_por: string; calculada_en: string | null; estado: string }>(sql`select * from liquidaciones where id = ${id}`);
    expect(settlement).toMatchObject({ calculada_por: PREPARER, estado: 'preliminar' });
    expect(settlement!.calculada_en).not.toBeNull();
  });

  it('lists what is missing by kind, key and date, and refuses to compute until it is there', async () => {
    const annex = await exampleAnnex({ tipo_contrato: 'PF', sucursal: 'MX', fee: '0' }, { precio_fijo: '90.00', pmr: ['SV-RET-1', 'SV-SIN-PRECIO'] }, []);
    // Energy only for the PE version: the DF lacks every hour.
    await loadEnergy(annex.id, 'PE');
    const missing = await missingData(t.db, annex.contrato_id, 2026, 3, 'DF');
    const hours = Array.from({ length: 24 }, (_, index) => index + 1);
    expect(missing.total).toBe(3);
    expect(missing.items).toEqual([
      { tipo: 'energia', clave: String(annex.id), fecha: DAY, periodos: hours },
      { tipo: 'fpn', clave: 'SV-SIN-PRECIO', fecha: DAY, periodos: hours },
      { tipo: 'precio', clave: 'SV-SIN-PRECIO', fecha: DAY, periodos: hours },
    ]);
    expect(await missingData(t.db, annex.contrato_id, 2026, 3, 'DF', 1)).toEqual({ total: 3, items: missing.items.slice(0, 1) });
    const id = await newSettlement(annex.contrato_id);
    await expect(compute(id)).rejects.toMatchObject({ cause: expect.objectContaining({ code: PG_DATA_MISSING }) });
    expect(await rowsOf(id)).toEqual([]);

    // A month with no charge rates for Honduras, nor an exchange rate before the day.
    const other = await exampleAnnex({ tipo_contrato: 'PF', sucursal: 'MX', fee: '0' }, { precio_fijo: '90.00', pmi: ['HN-INY-B'] }, []);
    await t.db.execute(sql`update anexos set fecha_inicio = '2026-02-27', fecha_fin = '2026-02-27' where id = ${other.id}`);
    const february = await missingData(t.db, other.contrato_id, 2026, 2, 'PE');
    expect(february.items.filter((item) => item.tipo !== 'energia' && item.tipo !== 'precio' && item.tipo !== 'fpn')).toEqual([
      { tipo: 'cargo', clave: 'HN:MMi', fecha: '2026-02-27', periodos: null },
      { tipo: 'cargo', clave: 'HN:peaje_principal', fecha: '2026-02-27', periodos: null },
      { tipo: 'tipo_cambio', clave: 'MXN', fecha: '2026-02-27', periodos: null },
    ]);
  });

  it('settles no power for an energy-only contract, and only power for a power-only one', async () => {
    const { id: energyId } = await settleExample({ tipo_contrato: 'PF', tipo_liquidacion: 'energia', fee: '0' }, { precio_fijo: '90.00' });
    const energyRow = (await rowsOf(energyId)).find((row) => row.periodo === 18)!;
    expect([n(energyRow.liquidacion_energia), n(energyRow.liquidacion_potencia)]).toEqual([1097.28, 0]);

    const { id: powerId } = await settleExample({ tipo_contrato: 'PF', tipo_liquidacion: 'potencia', fee: '1' }, { precio_fijo: '90.00' });
    const powerRow = (await rowsOf(powerId)).find((row) => row.periodo === 18)!;
    expect(
      ['cargos_mmi', 'cargos_mmr', 'cmorc', 'liquidacion_fisica', 'liquidacion_flex', 'liquidacion_fpn', 'liquidacion_energia', 'fee', 'margen'].map((column) =>
        n(powerRow[column as Amount]),
      ),
    ).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect([n(powerRow.energia_total_mwh), n(powerRow.liquidacion_potencia), n(powerRow.factura)]).toEqual([12, 151.21, 151.21]);
  });

  it('a Mexican row on a day without a FIX takes the last FIX before it', async () => {
    const annex = await exampleAnnex({ tipo_contrato: 'PF', sucursal: 'MX', fee: '0' }, { precio_fijo: '90.00', margen_pct: '0' });
    // The rows of 2 March read the FIX of the Friday before once the one of the day is gone.
    await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio) values ('2026-02-27', '17.0000') on conflict do nothing`);
    await t.db.execute(sql`delete from tipos_cambio where fecha = ${DAY}`);
    try {
      const id = await newSettlement(annex.contrato_id);
      await compute(id);
      const row = (await rowsOf(id)).find((line) => line.periodo === 18)!;
      expect([n(row.tipo_cambio), n(row.liquidacion_energia_mxn)]).toEqual([17, 18653.76]);
    } finally {
      await t.db.execute(sql`insert into tipos_cambio (fecha, tipo_cambio) values (${DAY}, '17.2500')`);
    }
  });

  it('a CD reads the CD’s corrected energy where there is one, else the DF’s', async () => {
    const annex = await exampleAnnex({ tipo_contrato: 'PF', fee: '0' }, { precio_fijo: '90.00', margen_pct: '0' });
    await loadEnergy(annex.id, 'CD', []);
    await t.db.execute(sql`delete from energia_anexo where anexo_id = ${annex.id} and version = 'CD' and periodo <> 18`);
    await t.db.execute(sql`update energia_anexo set energia_fisica_mwh = '11', energia_flex_mwh = '2' where anexo_id = ${annex.id} and version = 'CD'`);
    const [cd] = await rows<{ id: number }>(sql`
      insert into liquidaciones (contrato_id, anio, mes, version_liquidacion, reconciliacion) values (${annex.contrato_id}, 2026, 3, 'CD', 1) returning id`);
    await compute(cd!.id);
    const example = await exampleRows(cd!.id);
    expect(example.map((row) => n(row.liquidacion_fisica))).toEqual([990, 1080, 765]);
  });
});

/** Every total of the settlement is the exact sum of its rows (plus, for TOP, its shortfall). */
async function expectTotalsAreSums(id: number): Promise<void> {
  const [check] = await rows<Record<string, boolean>>(sql`
    select l.energia_total_mwh = s.mwh as mwh, l.cargos_mmi = s.mmi as mmi, l.cargos_mmr = s.mmr as mmr, l.cmorc = s.cmorc as cmorc,
           l.liquidacion_energia = s.energia as energia, l.liquidacion_potencia = s.potencia as potencia, l.fee = s.fee as fee,
           l.margen = s.margen as margen, l.factura = s.factura + l.take_or_pay as factura,
           l.factura_mxn is not distinct from s.factura_mxn + case when s.factura_mxn is null then null else 0 end
             or (l.take_or_pay <> 0) as factura_mxn
    from liquidaciones l cross join lateral (
      select coalesce(sum(energia_total_mwh), 0) as mwh, coalesce(sum(cargos_mmi), 0) as mmi, coalesce(sum(cargos_mmr), 0) as mmr,
             coalesce(sum(cmorc), 0) as cmorc, coalesce(sum(liquidacion_energia), 0) as energia,
             coalesce(sum(liquidacion_potencia), 0) as potencia, coalesce(sum(fee), 0) as fee, coalesce(sum(margen), 0) as margen,
             coalesce(sum(factura), 0) as factura, sum(factura_mxn) as factura_mxn
      from liquidacion_filas where liquidacion_id = l.id) s
    where l.id = ${id}`);
  expect(check).toEqual({
    mwh: true, mmi: true, mmr: true, cmorc: true, energia: true, potencia: true, fee: true, margen: true, factura: true, factura_mxn: true,
  });
}

/** Every row adds up: Qt = Qp + Qf, energy = physical + flex + FPN, invoice = its five parts. */
async function expectRowsAddUp(id: number): Promise<void> {
  const [broken] = await rows<{ n: number }>(sql`
    select count(*)::int as n from liquidacion_filas
    where liquidacion_id = ${id} and (
      energia_total_mwh <> energia_fisica_mwh + energia_flex_mwh
      or liquidacion_energia <> liquidacion_fisica + liquidacion_flex + liquidacion_fpn
      or factura <> liquidacion_energia + liquidacion_potencia + fee + cargos_mmi + cargos_mmr
      or factura_mxn <> liquidacion_energia_mxn + liquidacion_potencia_mxn + fee_mxn + cargos_mmi_mxn + cargos_mmr_mxn
      or scale(cargos_mmi) > 2 or scale(factura) > 2 or scale(margen) > 2)`);
  expect(broken!.n).toBe(0);
}

const decimal = (max: number, scale: number) => fc.integer({ min: 0, max: max * 10 ** scale }).map((value) => (value / 10 ** scale).toFixed(scale));

const hourArbitrary = fc.record({
  periodo: fc.integer({ min: 1, max: 24 }),
  qp: decimal(50, 3),
  qf: decimal(10, 3),
});

describe('properties of the engine', () => {
  it('for any contract type, energy and annex parameters, every row adds up, the totals are the sums of the rows, and recomputing gives the same rows', async () => {
    const annexes = new Map<string, Annex>();
    for (const tipo of ['PF', 'MC', 'FEE', 'COLLAR', 'TOP', 'CFD']) {
      annexes.set(
        tipo,
        await exampleAnnex({ tipo_contrato: tipo, sucursal: tipo === 'PF' ? 'MX' : 'GT', fee: '0.75', energia: '500' }, { precio_fijo: '90', precio_referencia: '65', poc: '100', margen_pct: '4' }, ['PE']),
      );
    }
    const settlements = new Map<string, number>();
    for (const [tipo, annex] of annexes) settlements.set(tipo, await newSettlement(annex.contrato_id, 'PE'));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...annexes.keys()),
        fc.array(hourArbitrary, { minLength: 1, maxLength: 4 }),
        fc.record({ precio_fijo: decimal(150, 2), margen_pct: decimal(100, 3), fee: decimal(5, 4), pct_fpn: decimal(100, 1) }),
        async (tipo, hours, params) => {
        const annex = annexes.get(tipo)!;
        const id = settlements.get(tipo)!;
        await loadEnergy(annex.id, 'PE', hours);
        await t.db.execute(sql`update anexos set precio_fijo = ${params.precio_fijo}, margen_pct = ${params.margen_pct}, fee = ${params.fee},
          pct_fpn = ${params.pct_fpn} where id = ${annex.id}`);
        expect(await compute(id)).toBe(24);
        await expectRowsAddUp(id);
        await expectTotalsAreSums(id);
        const first = await rowsOf(id);
        await compute(id, 'another@test.energy');
        expect(await rowsOf(id)).toEqual(first);
      }),
      { numRuns: 20, seed: 20260302 },
    );
  });

  it('a validated settlement is never recomputed: refused as final, its rows and totals unchanged, whatever the market data becomes', async () => {
    const { annex, id } = await settleExample({ tipo_contrato: 'MC', margen: '8', fee: '0' }, {});
    await t.db.execute(sql`update liquidaciones set estado = 'validada', validada_por = ${VALIDATOR}, validada_en = now() where id = ${id}`);
    const before = await rowsOf(id);
    const [settlementBefore] = await rows<Record<string, unknown>>(sql`select * from liquidaciones where id = ${id}`);
    await fc.assert(
      fc.asyncProperty(fc.array(hourArbitrary, { minLength: 1, maxLength: 3 }), async (hours) => {
        await loadEnergy(annex.id, 'DF', hours);
        await expect(compute(id, 'someone@test.energy')).rejects.toMatchObject({ code: 'APP_ERR_SETTLEMENT_FINAL', statusCode: 409 });
        expect(await rowsOf(id)).toEqual(before);
        const [settlementAfter] = await rows<Record<string, unknown>>(sql`select * from liquidaciones where id = ${id}`);
        expect(settlementAfter).toEqual(settlementBefore);
      }),
      { numRuns: 5, seed: 20260302 },
    );
  });
});
