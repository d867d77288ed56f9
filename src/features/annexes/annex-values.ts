import type { FormValue } from '../../../machines/forms/record-form.machine';
import {
  ANNEX_FIELD_MESSAGES,
  ANNEX_MESSAGE_OVERRIDES,
  ANNEX_PERCENTAGE_FIELDS,
  isTransmissionRightInRange,
  lacksTransmissionHolder,
  type Annex,
} from '../../../schemas/annex.schema';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { isOnOrAfter } from '../../../schemas/date.schema';
import { DECIMAL_BOUNDS } from '../../../schemas/decimal.schema';
import { decimalBoundsMessage, type FieldErrors } from '../../lib/forms/field-errors';
import { formToBody, recordToForm, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import annexCreateSchema from 'virtual:form-validator/annexCreate';
import type { Locale } from '../../lib/i18n/locales';

// The annex form's value and its request bodies; how typed dates and numbers travel is
// `lib/forms/record-body.ts`.

/** Money and price parameters of spec section 3 (decimal strings). */
export const PRICE_FIELDS = ['fee', 'precio_fijo', 'poc', 'precio_referencia', 'precio_potencia', 'precio_opcion_compra'] as const;
export const PERCENT_FIELDS = ANNEX_PERCENTAGE_FIELDS;
export const TEXT_FIELDS = ['titular_transmision', 'codigo_contrato_firme', 'numero_planilla', 'tipo_planilla'] as const;
const FIELD_KINDS: RecordFieldKinds = {
  integers: ['contrato_id'],
  decimals: ['potencia_contratada', 'derecho_transmision', ...PRICE_FIELDS, ...PERCENT_FIELDS],
  dates: ['fecha_inicio', 'fecha_fin'],
  clearable: new Set(['archivo', 'derecho_transmision_tipo', 'derecho_transmision', ...PRICE_FIELDS, ...PERCENT_FIELDS, ...TEXT_FIELDS]),
  formOnly: ['archivo_nombre', 'version'],
};

/** An empty create form, for `contractId` when the user came from a contract. */
export function blankAnnex(contractId = ''): FormValue {
  return {
    contrato_id: contractId,
    fecha_inicio: '',
    fecha_fin: '',
    tripartito: false,
    potencia_contratada: '',
    unidad_potencia: 'MW',
    pmi: [] as string[],
    pmr: [] as string[],
    archivo: '',
    archivo_nombre: '',
    fee: '',
    precio_fijo: '',
    poc: '',
    margen_pct: '',
    derecho_transmision: '',
    derecho_transmision_tipo: '',
    participacion_pct: '',
    titular_transmision: '',
    codigo_contrato_firme: '',
    precio_referencia: '',
    precio_potencia: '',
    precio_opcion_compra: '',
    numero_planilla: '',
    tipo_planilla: '',
    pct_responsable_transmision: '',
    pct_peaje_principal: '',
    pct_cargos_mmi: '',
    pct_cargos_mmr: '',
    pct_fpn: '',
  };
}

/** The edit form of a stored annex in the active language, with the version read. */
export function annexToForm(annex: Annex, locale: Locale): FormValue {
  return recordToForm(blankAnnex(), annex, FIELD_KINDS, locale);
}

/** The request body of a form value (`update` clears emptied optional fields with null). */
export function annexBody(value: FormValue, locale: Locale, mode: 'create' | 'update' = 'create'): Record<string, unknown> {
  return formToBody(value, FIELD_KINDS, locale, mode);
}

export function annexUpdateBody(value: FormValue, locale: Locale): Record<string, unknown> {
  return { ...annexBody(value, locale, 'update'), version: value.version };
}

/**
 * The field messages of a form value: what cannot be read as a number or a date, the shared
 * create schema (required fields, every amount within its bounds) and the rules of schemas/
 * the server applies too: the end date on or after the start, a transmission right in % within
 * [0, 100], and a transmission holder when the chosen contract is firm (CF).
 */
export function validateAnnex(value: FormValue, locale: Locale, contracts: readonly ContractListItem[]): FieldErrors {
  const body = annexBody(value, locale);
  const errors = { ...validateForm(annexCreateSchema, body, ANNEX_MESSAGE_OVERRIDES), ...typingErrors(value, FIELD_KINDS, locale) };
  delete errors[''];
  if (errors.fecha_fin === undefined && !isOnOrAfter(body.fecha_inicio, body.fecha_fin)) {
    errors.fecha_fin = { key: ANNEX_FIELD_MESSAGES.fecha_fin! };
  }
  if (errors.derecho_transmision === undefined && !isTransmissionRightInRange(body.derecho_transmision_tipo as string, body.derecho_transmision as string)) {
    errors.derecho_transmision = decimalBoundsMessage(DECIMAL_BOUNDS.percentage);
  }
  const contract = contracts.find((item) => item.id === body.contrato_id);
  if (lacksTransmissionHolder(contract?.clase_contrato, body.titular_transmision)) {
    errors.titular_transmision = { key: ANNEX_FIELD_MESSAGES.titular_transmision! };
  }
  return errors;
}
