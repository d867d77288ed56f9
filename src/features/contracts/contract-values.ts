import type { FormValue } from '../../../machines/forms/record-form.machine';
import { CONTRACT_MESSAGE_OVERRIDES, type Contract, type Signer } from '../../../schemas/contract.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { formToBody, recordToForm, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import contractCreateSchema from 'virtual:form-validator/contractCreate';
import type { Locale } from '../../lib/i18n/locales';

// The contract form's value and its request bodies; how typed dates and numbers travel is
// `lib/forms/record-body.ts` (a text that is not one is sent as typed, so the spec's message
// shows beside the field).

/** The contract's price and quantity fields, in screen order: decimals typed in the language's notation. */
export const PRICE_FIELDS = ['poc', 'margen', 'fee', 'precio_fijo', 'energia', 'potencia'] as const;

const FIELD_KINDS: RecordFieldKinds = {
  integers: ['empresa_id', 'plazo', 'dias_factura', 'dias_credito'],
  decimals: [...PRICE_FIELDS, 'monto_garantia'],
  dates: ['fecha_inicio'],
  // Optional choices that the server stores as null when none is chosen.
  clearable: new Set(['tipo_oferta', 'tipo_credito', 'tipo_liquidacion']),
  formOnly: ['archivo_firmado_nombre', 'version'],
};

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
  return recordToForm(blankContract(), contract, FIELD_KINDS, locale);
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
  const body = formToBody(value, FIELD_KINDS, locale, mode);
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
 * The field messages of a form value: what cannot be read as a number or a date, then the
 * shared create schema (a stored contract must stay complete, so an edit is checked against it
 * too), an empty field worded as spec section 5 words it and any other broken rule saying what
 * is wrong.
 */
export function validateContract(value: FormValue, locale: Locale): FieldErrors {
  const errors = { ...validateForm(contractCreateSchema, contractBody(value, locale), CONTRACT_MESSAGE_OVERRIDES), ...typingErrors(value, FIELD_KINDS, locale) };
  // The schema's tripartite `if` reports at the root too; its fields already carry the message.
  delete errors[''];
  return errors;
}

/** The `PATCH` body of an edit: every field plus the version the editor read. */
export function contractUpdateBody(value: FormValue, locale: Locale): Record<string, unknown> {
  return { ...contractBody(value, locale, 'update'), version: value.version };
}
