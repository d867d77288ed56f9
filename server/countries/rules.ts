// The country-charge rules a JSON Schema cannot state, as pure functions of a charge's values
// (docs/country-charges.md): the period ends on or after it starts, MXN only in Mexico, a
// percentage at most 100, and only a charge per MWh feeds an engine input. Every broken rule is
// a field detail of one 400. Also how an imported rate (the market-data `cargos` file names a
// kind, not a code) is stored as a charge.
import {
  CHARGE_COUNTRIES,
  CHARGE_PERCENT_MAX,
  ENGINE_INPUTS_BY_BASE,
  type ChargeCreate,
} from '../../schemas/country-charge.schema';
import { compareDecimals } from '../../schemas/exact-decimal';
import type { ChargeKind } from '../../schemas/settlement.schema';
import type { CargoPaisRow } from '../db/schema/country-charges';
import type { EditColumns } from '../db/versioned';
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
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  return normalised({ ...stored, ...given });
}

function normalised(values: ChargeValues): ChargeValues {
  return { ...values, nombre: values.nombre.trim(), unidad: values.unidad.trim(), referencia_legal: values.referencia_legal?.trim() || null };
}

/** Every broken rule of a charge period as a field detail. */
export function chargeProblems(values: ChargeValues): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (values.vigente_hasta !== null && values.vigente_hasta < values.vigente_desde) {
    details.push({ instancePath: '/vigente_hasta', keyword: 'chargeEndBeforeStart', message: 'must be on or after the start of the period' });
  }
  if (values.moneda === 'MXN' && values.pais !== 'MX') {
    details.push({ instancePath: '/moneda', keyword: 'chargeCurrencyCountry', message: 'MXN is only for Mexico' });
  }
  if (values.base === 'porcentaje' && compareDecimals(values.tasa, CHARGE_PERCENT_MAX) > 0) {
    details.push({ instancePath: '/tasa', keyword: 'chargePercentMax', message: `a percentage is at most ${CHARGE_PERCENT_MAX}` });
  }
  if (values.concepto_liquidacion !== null && !ENGINE_INPUTS_BY_BASE[values.base].includes(values.concepto_liquidacion)) {
    details.push({
      instancePath: '/concepto_liquidacion',
      keyword: 'chargeInputBase',
      message: `a charge on this basis does not feed ${values.concepto_liquidacion}`,
    });
  }
  return details;
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
