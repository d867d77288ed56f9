// The charge-period rules both the server and the form judge (schemas/country-charge.schema.ts):
// each broken rule beside its field, and nothing said of a value that is not a date or a number
// yet (the schema's message covers it).
import { describe, expect, it } from 'vitest';
import { chargeRuleBreaks, type ChargeRuleValues } from '../../schemas/country-charge.schema';

const VALID: ChargeRuleValues = {
  pais: 'PA',
  base: 'mwh_retirado',
  moneda: 'USD',
  tasa: '3.85',
  vigente_desde: '2025-07-01',
  vigente_hasta: null,
  concepto_liquidacion: 'MMr',
};

const breaksOf = (changes: Partial<ChargeRuleValues>) => chargeRuleBreaks({ ...VALID, ...changes });

describe('chargeRuleBreaks', () => {
  it('finds nothing in a valid period, open-ended or closed on its first day', () => {
    expect(breaksOf({})).toEqual([]);
    expect(breaksOf({ vigente_hasta: '2025-07-01' })).toEqual([]);
    expect(breaksOf({ pais: 'MX', moneda: 'MXN' })).toEqual([]);
    expect(breaksOf({ base: 'porcentaje', tasa: '100', concepto_liquidacion: null })).toEqual([]);
    expect(breaksOf({ base: 'kw_mes', concepto_liquidacion: 'MMi' })).toEqual([]);
  });

  it('puts each broken rule beside its field', () => {
    expect(breaksOf({ vigente_hasta: '2025-06-30' })).toEqual([{ field: 'vigente_hasta', keyword: 'chargeEndBeforeStart' }]);
    expect(breaksOf({ moneda: 'MXN' })).toEqual([{ field: 'moneda', keyword: 'chargeCurrencyCountry' }]);
    expect(breaksOf({ base: 'porcentaje', tasa: '100.000001', concepto_liquidacion: null })).toEqual([{ field: 'tasa', keyword: 'chargePercentMax' }]);
    expect(breaksOf({ base: 'kw_mes', concepto_liquidacion: 'peaje_principal' })).toEqual([{ field: 'concepto_liquidacion', keyword: 'chargeInputBase' }]);
    expect(breaksOf({ base: 'fijo', concepto_liquidacion: 'MMi' })).toEqual([{ field: 'concepto_liquidacion', keyword: 'chargeInputBase' }]);
  });

  it('leaves a date or a rate that is not one yet to the schema', () => {
    expect(breaksOf({ vigente_hasta: '31/02/2025' })).toEqual([]);
    expect(breaksOf({ base: 'porcentaje', tasa: 'ciento uno', concepto_liquidacion: null })).toEqual([]);
  });
});
