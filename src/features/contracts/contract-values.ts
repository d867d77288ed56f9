import type { FormValue } from '../../../machines/forms/record-form.machine';
import { CONTRACT_MESSAGE_OVERRIDES, type Contract, type Signer } from '../../../schemas/contract.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { validateForm } from '../../lib/forms/validate-form';
import contractCreateSchema from 'virtual:form-validator/contractCreate';
import { formatDate, parseDate } from '../../lib/format/date-format';
import { formatDecimal, parseDecimal } from '../../lib/format/number-format';
import type { Locale } from '../../lib/i18n/locales';

/**
 * The contract form's value and its request bodies. The form keeps what the user typed, as
 * typed: dates as dd/mm/yyyy, numbers in the language's notation. The body turns them into the
 * wire's ISO dates and decimal strings; a text that is not a date or number is sent as typed,
 * so the shared schema refuses it and the spec's message shows beside the field.
 */

/** The fields of each section of the form (spec section 2: contract creation), in screen order. */
export const COMPANY_SECTION = ['empresa_id', 'sucursal', 'local_regional', 'codigo_contraparte', 'codigo_agente'] as const;
export const THIRD_PARTY_FIELDS = ['nombre_empresa_tercero', 'codigo_tercero'] as const;
export const PARAMETER_SECTION = [
  'tipo_contrato',
  'clase_contrato',
  'tipo_transaccion',
  'tipo_oferta',
  'incoterm',
  'fecha_inicio',
  'plazo',
  'tipo_liquidacion',
] as const;
export const NODE_FIELDS = ['pmi', 'pmr'] as const;
export const PRICE_FIELDS = ['poc', 'margen', 'fee', 'precio_fijo', 'energia', 'potencia'] as const;
export const INVOICE_SECTION = ['tipo_factura', 'dias_factura', 'tipo_credito', 'dias_credito', 'tipo_garantia', 'monto_garantia', 'moneda'] as const;

const INTEGER_FIELDS = ['empresa_id', 'plazo', 'dias_factura', 'dias_credito'] as const;
const DECIMAL_FIELDS = [...PRICE_FIELDS, 'monto_garantia'] as const;
/** Optional choices that the server stores as null when none is chosen. */
const NULLABLE_FIELDS = ['tipo_oferta', 'tipo_credito', 'tipo_liquidacion'] as const;
/** Form-only fields: what the page shows about the uploaded file, never sent. */
const FORM_ONLY_FIELDS = ['archivo_firmado_nombre', 'version'] as const;

export const blankSigner = (): Signer => ({ nombre: '', cargo: '', email: '' });

/** An empty create form. */
export function blankContract(): FormValue {
  return {
    empresa_id: '',
    sucursal: '',
    local_regional: '',
    codigo_contraparte: '',
    codigo_agente: '',
    tripartito: false,
    nombre_empresa_tercero: '',
    codigo_tercero: '',
    firmantes: [] as Signer[],
    archivo_firmado: '',
    archivo_firmado_nombre: '',
    tipo_contrato: '',
    clase_contrato: '',
    tipo_transaccion: '',
    tipo_oferta: '',
    incoterm: '',
    fecha_inicio: '',
    plazo: '',
    tipo_liquidacion: '',
    pmi: [] as string[],
    pmr: [] as string[],
    poc: '',
    margen: '',
    fee: '',
    precio_fijo: '',
    energia: '',
    potencia: '',
    tipo_factura: '',
    dias_factura: '',
    tipo_credito: '',
    dias_credito: '',
    tipo_garantia: '',
    monto_garantia: '',
    moneda: 'USD',
  };
}

/** The edit form of a stored contract, shown in the active language, with the version read. */
export function contractToForm(contract: Contract, locale: Locale): FormValue {
  const value = blankContract();
  for (const field of Object.keys(value)) {
    const stored = (contract as Record<string, unknown>)[field];
    if (stored === null || stored === undefined) continue;
    value[field] = typeof stored === 'number' ? String(stored) : stored;
  }
  for (const field of DECIMAL_FIELDS) value[field] = formatDecimal(contract[field], locale, { maxFractionDigits: 10 }).replace(/\s/g, '');
  value.fecha_inicio = formatDate(contract.fecha_inicio);
  value.archivo_firmado_nombre = '';
  value.version = contract.version;
  return value;
}

function integerOf(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function isBlank(field: unknown): boolean {
  return field === '' || field === null || field === undefined;
}

function signersOf(value: unknown): Signer[] {
  const rows = Array.isArray(value) ? (value as Signer[]) : [];
  return rows
    .map((row) => ({ nombre: row.nombre.trim(), cargo: row.cargo.trim(), email: row.email.trim() }))
    .filter((row) => row.nombre !== '' || row.cargo !== '' || row.email !== '');
}

/**
 * The request body of a form value: `update` keeps cleared optional fields as null (so they
 * are cleared on the record) where a create leaves them out.
 */
export function contractBody(value: FormValue, locale: Locale, mode: 'create' | 'update' = 'create'): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, fieldValue] of Object.entries(value)) {
    if ((FORM_ONLY_FIELDS as readonly string[]).includes(field)) continue;
    if (typeof fieldValue === 'string') {
      const trimmed = fieldValue.trim();
      if (trimmed === '') {
        if (mode === 'update' && (NULLABLE_FIELDS as readonly string[]).includes(field)) body[field] = null;
        continue;
      }
      body[field] = trimmed;
    } else {
      body[field] = fieldValue;
    }
  }
  for (const field of INTEGER_FIELDS) if (!isBlank(body[field])) body[field] = integerOf(body[field]);
  for (const field of DECIMAL_FIELDS) {
    if (typeof body[field] === 'string') body[field] = parseDecimal(body[field], locale) ?? body[field];
  }
  if (typeof body.fecha_inicio === 'string') body.fecha_inicio = parseDate(body.fecha_inicio) ?? body.fecha_inicio;
  if (body.tripartito !== true) {
    // The third party's name and code belong to tripartite contracts only.
    for (const field of ['nombre_empresa_tercero', 'codigo_tercero']) {
      if (mode === 'update') body[field] = null;
      else delete body[field];
    }
  }
  body.firmantes = signersOf(value.firmantes);
  return body;
}

/**
 * The field messages of a form value: the shared create schema (a stored contract must stay
 * complete, so an edit is checked against it too), each broken field worded as spec section 5
 * words it.
 */
export function validateContract(value: FormValue, locale: Locale): FieldErrors {
  const errors = validateForm(contractCreateSchema, contractBody(value, locale), CONTRACT_MESSAGE_OVERRIDES);
  // The schema's tripartite `if` reports at the root too; its fields already carry the message.
  delete errors[''];
  return errors;
}

/** The `PATCH` body of an edit: every field plus the version the editor read. */
export function contractUpdateBody(value: FormValue, locale: Locale): Record<string, unknown> {
  return { ...contractBody(value, locale, 'update'), version: value.version };
}
