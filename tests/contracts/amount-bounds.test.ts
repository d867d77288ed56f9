// @vitest-environment node
// What a contract and an annex may say in their amounts, prices, quantities, percentages and
// node lists: the bounds are in the one JSON Schema the forms and the server validate with.
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { annexCreateSchema, annexUpdateSchema } from '../../schemas/annex.schema';
import { contractCreateSchema, contractUpdateSchema } from '../../schemas/contract.schema';
import { DECIMAL_BOUNDS, decimalBoundsOf, decimalSchema, isWithinBounds, type DecimalKind } from '../../schemas/decimal.schema';
import { isNodeCode } from '../../schemas/node-code.schema';
import { annexBody, contractBody } from '../server/contracts-fixtures';

// As the server compiles them: every issue, no type conversion of a body.
const ajv = new Ajv({ allErrors: true, strict: false });
const FILE_KEY = 'f_0b7a1f9e-3c1d-4e5f-8a9b-0c1d2e3f4a5b';

/** The fields `body` breaks under `validate`, sorted. */
function brokenFields(validate: ValidateFunction, body: unknown): string[] {
  validate(body);
  return [...new Set((validate.errors ?? []).map((issue) => issue.instancePath.split('/')[1] ?? ''))].sort();
}

/** The kind of every decimal field: the bounds table of docs/api-contracts.md. */
const CONTRACT_DECIMALS: Record<string, DecimalKind> = {
  monto_garantia: 'money',
  poc: 'price',
  margen: 'percentage',
  fee: 'price',
  precio_fijo: 'price',
  energia: 'quantity',
  potencia: 'quantity',
};
const ANNEX_DECIMALS: Record<string, DecimalKind> = {
  potencia_contratada: 'quantity',
  fee: 'price',
  precio_fijo: 'price',
  poc: 'price',
  margen_pct: 'percentage',
  derecho_transmision: 'price',
  participacion_pct: 'percentage',
  precio_referencia: 'price',
  precio_potencia: 'price',
  precio_opcion_compra: 'price',
  pct_responsable_transmision: 'percentage',
  pct_peaje_principal: 'percentage',
  pct_cargos_mmi: 'percentage',
  pct_cargos_mmr: 'percentage',
  pct_fpn: 'percentage',
};

/** Values just inside and just outside each kind's bounds. */
const EDGES: Record<DecimalKind, { accepted: string[]; refused: string[] }> = {
  percentage: {
    accepted: ['0', '0.0001', '12.5', '99.9999', '100', '100.0000'],
    refused: ['-1', '-0.5', '100.0001', '100.5', '150', '1000', '12.34567', '', '.5', '1.', '1e2', '+5', '007', 'doce'],
  },
  money: {
    accepted: ['0', '0.01', '250000.00', '999999999999.99'],
    refused: ['-100', '-0.01', '1000000000000', '99999999999999999999', '1.001', '1,5'],
  },
  positiveMoney: {
    accepted: ['0.01', '0.1', '1', '250000.00', '999999999999.99'],
    refused: ['0', '0.0', '0.00', '-0.01', '1000000000000', '1.001'],
  },
  signedMoney: {
    accepted: ['0', '-0.01', '0.01', '-250000.00', '999999999999.99', '-999999999999.99'],
    refused: ['+1', '--1', '-1000000000000', '1000000000000', '-1.001', '1.001', '-', '1,5'],
  },
  price: {
    accepted: ['0', '1.5', '88.00', '99999999.9999'],
    refused: ['-5', '-10', '100000000', '1.00001'],
  },
  quantity: {
    accepted: ['0.001', '0.1', '1', '7200', '999999999.999'],
    refused: ['0', '0.0', '0.000', '-1', '1000000000', '99999999999999999999', '1.0001'],
  },
  offerPrice: {
    accepted: ['0', '0.01', '145.5', '4500.00', '999999.99'],
    refused: ['-1', '-0.01', '1000000', '145.555', '1,5'],
  },
  offerMw: {
    accepted: ['0', '0.001', '12.5', '9999.999'],
    refused: ['-0.001', '-1', '10000', '1.0001', '12,5'],
  },
};

describe('decimal bounds', () => {
  it.each(Object.keys(EDGES) as DecimalKind[])('admits a %s within its bounds and refuses one past them', (kind) => {
    const validate = ajv.compile(decimalSchema(DECIMAL_BOUNDS[kind]));
    for (const value of EDGES[kind].accepted) expect(validate(value), `${kind} ${value}`).toBe(true);
    for (const value of EDGES[kind].refused) expect(validate(value), `${kind} ${value}`).toBe(false);
    for (const value of EDGES[kind].accepted) expect(isWithinBounds(value, DECIMAL_BOUNDS[kind])).toBe(true);
  });

  it('reads the bounds back from a pattern, so a message can say them', () => {
    expect(decimalBoundsOf(decimalSchema(DECIMAL_BOUNDS.percentage).pattern)).toEqual({ min: '0', positive: false, max: '100', scale: 4 });
    expect(decimalBoundsOf(decimalSchema(DECIMAL_BOUNDS.quantity).pattern)).toMatchObject({ positive: true, scale: 3 });
    expect(decimalBoundsOf('^\\d+$')).toBeUndefined();
  });
});

describe('contract amounts', () => {
  const create = ajv.compile(contractCreateSchema);
  const update = ajv.compile(contractUpdateSchema);

  it('refuses a margin of 150, a fee of -10, a power of 0 and an energy no business signs', () => {
    const body = contractBody(1, FILE_KEY, { margen: '150', fee: '-10', potencia: '0', energia: '99999999999999999999' });
    expect(brokenFields(create, body)).toEqual(['energia', 'fee', 'margen', 'potencia']);
    expect(brokenFields(update, { margen: '150', version: 1 })).toEqual(['margen']);
  });

  it.each(Object.entries(CONTRACT_DECIMALS))('bounds %s as a %s', (field, kind) => {
    const property = (contractCreateSchema.properties as Record<string, { pattern?: string }>)[field];
    expect(decimalBoundsOf(property?.pattern)).toBe(DECIMAL_BOUNDS[kind]);
  });

  it('keeps invoice and credit days within 0-365 and the term within 1-600 months', () => {
    expect(brokenFields(create, contractBody(1, FILE_KEY, { dias_factura: -1, dias_credito: 400, plazo: 0 }))).toEqual([
      'dias_credito',
      'dias_factura',
      'plazo',
    ]);
    expect(brokenFields(create, contractBody(1, FILE_KEY, { dias_factura: 0, dias_credito: 365, plazo: 600 }))).toEqual([]);
  });

  it('refuses node codes that are not codes, and a code longer than 40 characters', () => {
    expect(brokenFields(create, contractBody(1, FILE_KEY, { pmi: ['-5', 'PMI-<b>1</b>'], codigo_agente: 'E'.repeat(5000) }))).toEqual([
      'codigo_agente',
      'pmi',
    ]);
    for (const code of ['-5', 'PMI-<b>1</b>', 'GT ESC', '', 'A'.repeat(41)]) expect(isNodeCode(code), code).toBe(false);
    for (const code of ['GT-ESC-230', 'SV_AHU.115', '5', 'A'.repeat(40)]) expect(isNodeCode(code), code).toBe(true);
  });
});

describe('annex amounts', () => {
  const create = ajv.compile(annexCreateSchema);
  const update = ajv.compile(annexUpdateSchema);

  it('refuses a fee of -5, a share over 100 and no contracted power', () => {
    const body = annexBody(1, { fee: '-5', participacion_pct: '150', potencia_contratada: '0' });
    expect(brokenFields(create, body)).toEqual(['fee', 'participacion_pct', 'potencia_contratada']);
    expect(brokenFields(update, { precio_fijo: '-1', version: 1 })).toEqual(['precio_fijo']);
  });

  it.each(Object.entries(ANNEX_DECIMALS))('bounds %s as a %s', (field, kind) => {
    const property = (annexCreateSchema.properties as Record<string, { pattern?: string }>)[field];
    expect(decimalBoundsOf(property?.pattern)).toBe(DECIMAL_BOUNDS[kind]);
  });

  it('still clears an optional amount with null', () => {
    expect(brokenFields(create, annexBody(1, { fee: null, margen_pct: null }))).toEqual([]);
  });
});
