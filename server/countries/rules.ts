// The country-charge rules a JSON Schema cannot state (docs/country-charges.md), judged with the
// shared `chargeRuleBreaks` of the schema file (the form judges them alike): every broken rule
// is a field detail of one 400. Also how an imported rate (the market-data `cargos` file names a
// kind, not a code) is stored as a charge.
import { CHARGE_COUNTRIES, chargeRuleBreaks, type ChargeCreate, type ChargeRuleBreak } from '../../schemas/country-charge.schema';
import { compareDecimals } from '../../schemas/exact-decimal';
import type { ChargeKind } from '../../schemas/settlement.schema';
import type { CargoPaisRow } from '../db/schema/country-charges';
import { laidOver, type EditColumns } from '../db/versioned';
import type { ErrorDetail } from '../errors/catalogue';

/** A charge period's own column values: what a create or an update writes. */
export type ChargeValues = Omit<CargoPaisRow, 'id' | keyof EditColumns>;

/** A create body as stored: the country's code for its id, and every optional field at its default. */
export function createValues(body: ChargeCreate): ChargeValues {
  const { pais_id, ...fields } = body;
  return normalised({
    ...fields,
    pais: CHARGE_COUNTRIES[pais_id].pais,
    vigente_hasta: fields.vigente_hasta ?? null,
    referencia_legal: fields.referencia_legal ?? null,
    gravado: fields.gravado ?? false,
    concepto_liquidacion: fields.concepto_liquidacion ?? null,
  });
}

/** A stored charge period with an update's changes laid over it (a field left out keeps its value). */
export function updatedValues(stored: ChargeValues, changes: Partial<ChargeValues>): ChargeValues {
  return normalised(laidOver(stored, changes));
}

function normalised(values: ChargeValues): ChargeValues {
  return { ...values, nombre: values.nombre.trim(), unidad: values.unidad.trim(), referencia_legal: values.referencia_legal?.trim() || null };
}

/** The English wording of each broken rule, for API callers and logs (the page shows `charges.problems.<keyword>`). */
const RULE_MESSAGES: Record<ChargeRuleBreak['keyword'], string> = {
  chargeEndBeforeStart: 'must be on or after the start of the period',
  chargeCurrencyCountry: 'MXN is only for Mexico',
  chargePercentMax: 'a percentage is at most 100',
  chargeInputBase: 'a charge on this basis does not feed that settlement input',
};

/** Every broken rule of a charge period (schemas/country-charge.schema.ts) as a field detail. */
export function chargeProblems(values: ChargeValues): ErrorDetail[] {
  return chargeRuleBreaks(values).map(({ field, keyword }) => ({ instancePath: `/${field}`, keyword, message: RULE_MESSAGES[keyword] }));
}

/** Whether an update changes anything but the end of the period (what a validated settlement's use still allows). */
export function changesMoreThanEnd(stored: ChargeValues, values: ChargeValues): boolean {
  return (Object.keys(stored) as Array<keyof ChargeValues>).some((field) => {
    if (field === 'vigente_hasta') return false;
    // A rate is a decimal: 1.2 and 1.20 are the same rate.
    if (field === 'tasa') return compareDecimals(stored.tasa, values.tasa) !== 0;
    return stored[field] !== values[field];
  });
}

/** The charge each kind of an imported rate is stored as: per MWh, in USD, feeding that kind. */
const IMPORTED_CHARGES: Record<ChargeKind, Pick<ChargeValues, 'codigo' | 'nombre' | 'base' | 'pagador'>> = {
  MMi: { codigo: 'MMI', nombre: 'Cargos MMi', base: 'mwh_inyectado', pagador: 'vendedor' },
  MMr: { codigo: 'MMR', nombre: 'Cargos MMr', base: 'mwh_retirado', pagador: 'comprador' },
  peaje_principal: { codigo: 'PEAJE_PRINCIPAL', nombre: 'Peaje principal', base: 'mwh_inyectado', pagador: 'vendedor' },
};

/** The code an imported rate of `kind` is stored under. */
export function importedChargeCode(kind: ChargeKind): string {
  return IMPORTED_CHARGES[kind].codigo;
}

/** An imported rate (country, kind, period, USD per MWh) as a charge period. */
export function importedChargeValues(rate: Pick<ChargeValues, 'pais' | 'vigente_desde' | 'vigente_hasta' | 'tasa'> & { concepto: ChargeKind }): ChargeValues {
  const { concepto, ...period } = rate;
  return { ...period, ...IMPORTED_CHARGES[concepto], unidad: 'USD/MWh', moneda: 'USD', referencia_legal: null, gravado: false, concepto_liquidacion: concepto };
}
