import type { FormValue } from '../../../machines/forms/record-form.machine';
import { ANNEX_FIELD_MESSAGES, ANNEX_MESSAGE_OVERRIDES, ANNEX_PERCENTAGE_FIELDS, type Annex } from '../../../schemas/annex.schema';
import type { ContractListItem } from '../../../schemas/contract.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { validateForm } from '../../lib/forms/validate-form';
import annexCreateSchema from 'virtual:form-validator/annexCreate';
import { formatDate, parseDate } from '../../lib/format/date-format';
import { formatDecimal, parseDecimal } from '../../lib/format/number-format';
import type { Locale } from '../../lib/i18n/locales';

/**
 * The annex form's value and its request bodies: dates typed dd/mm/yyyy and numbers in the
 * language's notation, turned into ISO dates and decimal strings for the wire (a text that is
 * neither is sent as typed, so the shared schema refuses it beside its field).
 */

/** Money and price parameters of spec section 3 (decimal strings). */
export const PRICE_FIELDS = ['fee', 'precio_fijo', 'poc', 'precio_referencia', 'precio_potencia', 'precio_opcion_compra'] as const;
export const PERCENT_FIELDS = ANNEX_PERCENTAGE_FIELDS;
export const TEXT_FIELDS = ['titular_transmision', 'codigo_contrato_firme', 'numero_planilla', 'tipo_planilla'] as const;
const DECIMAL_FIELDS = ['potencia_contratada', 'derecho_transmision', ...PRICE_FIELDS, ...PERCENT_FIELDS] as const;
const FORM_ONLY_FIELDS = ['archivo_nombre', 'version'] as const;
/** Optional fields: left out of a create when empty, cleared (null) by an update. */
const OPTIONAL_FIELDS = new Set<string>(['archivo', 'derecho_transmision_tipo', 'derecho_transmision', ...PRICE_FIELDS, ...PERCENT_FIELDS, ...TEXT_FIELDS]);

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
  const value = blankAnnex();
  for (const field of Object.keys(value)) {
    const stored = (annex as Record<string, unknown>)[field];
    if (stored === null || stored === undefined) continue;
    value[field] = typeof stored === 'number' ? String(stored) : stored;
  }
  for (const field of DECIMAL_FIELDS) {
    const stored = (annex as Record<string, unknown>)[field];
    if (typeof stored === 'string') value[field] = formatDecimal(stored, locale, { maxFractionDigits: 10 });
  }
  value.fecha_inicio = formatDate(annex.fecha_inicio);
  value.fecha_fin = formatDate(annex.fecha_fin);
  value.version = annex.version;
  return value;
}

/** The request body of a form value (`update` clears emptied optional fields with null). */
export function annexBody(value: FormValue, locale: Locale, mode: 'create' | 'update' = 'create'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if ((FORM_ONLY_FIELDS as readonly string[]).includes(field)) continue;
    if (typeof fieldValue === 'string') {
      const trimmed = fieldValue.trim();
      if (trimmed === '') {
        if (mode === 'update' && OPTIONAL_FIELDS.has(field)) body[field] = null;
        continue;
      }
      body[field] = trimmed;
    } else {
      body[field] = fieldValue;
    }
  }
  if (typeof body.contrato_id === 'string' && /^\d{1,9}$/.test(body.contrato_id)) body.contrato_id = Number(body.contrato_id);
  for (const field of DECIMAL_FIELDS) {
    if (typeof body[field] === 'string') body[field] = parseDecimal(body[field], locale) ?? body[field];
  }
  for (const field of ['fecha_inicio', 'fecha_fin']) {
    if (typeof body[field] === 'string') body[field] = parseDate(body[field]) ?? body[field];
  }
  return body;
}

export function annexUpdateBody(value: FormValue, locale: Locale): Record<string, unknown> {
  return { ...annexBody(value, locale, 'update'), version: value.version };
}

/**
 * The field messages of a form value: the shared create schema (percentages in [0, 100],
 * required fields), the end date on or after the start, and a transmission holder when the
 * chosen contract is firm (CF), the rule the server applies too.
 */
export function validateAnnex(value: FormValue, locale: Locale, contracts: readonly ContractListItem[]): FieldErrors {
  const body = annexBody(value, locale);
  const errors = validateForm(annexCreateSchema, body, ANNEX_MESSAGE_OVERRIDES);
  delete errors[''];
  const { fecha_inicio: start, fecha_fin: end } = body;
  const iso = (date: unknown): date is string => typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date);
  // ISO dates compare as text.
  if (errors.fecha_fin === undefined && iso(start) && iso(end) && end < start) {
    errors.fecha_fin = { key: ANNEX_FIELD_MESSAGES.fecha_fin! };
  }
  const contract = contracts.find((item) => item.id === body.contrato_id);
  if (contract?.clase_contrato === 'CF' && typeof body.titular_transmision !== 'string') {
    errors.titular_transmision = { key: ANNEX_FIELD_MESSAGES.titular_transmision! };
  }
  return errors;
}
