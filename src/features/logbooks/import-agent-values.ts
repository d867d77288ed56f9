import type { FormValue } from '../../../machines/forms/record-form.machine';
import { toFieldErrors, type FieldErrors, type MessageOverrides, type SchemaIssue } from '../../lib/forms/field-errors';
import { formToBody, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { validateForm } from '../../lib/forms/validate-form';
import type { Locale } from '../../lib/i18n/locales';
import importAgentCreateSchema from 'virtual:form-validator/importAgentCreate';

// The thermal agent form's value and its request body (how typed dates and decimals travel is
// `lib/forms/record-body.ts`); the one rule beyond the schema is the validity's order.

const FIELD_KINDS: RecordFieldKinds = {
  decimals: ['cv_usd_mwh', 'mw_max'],
  dates: ['vigente_desde', 'vigente_hasta'],
  clearable: new Set(['vigente_hasta']),
  formOnly: [],
};

const AGENT_MESSAGES: MessageOverrides = {
  codigo_agente: { pattern: 'logbooks.mex.agents.problems.codePattern' },
  vigente_hasta: { rangeOrder: 'logbooks.problems.rangeOrder' },
};

export function blankImportAgent(): FormValue {
  return { codigo_agente: '', nombre: '', planta: '', combustible: '', cv_usd_mwh: '', mw_max: '', vigente_desde: '', vigente_hasta: '' };
}

/** `POST /create-mex-ofertas-impo-agentes` body: the typed fields, the code in capitals. */
export function importAgentBody(value: FormValue, locale: Locale): Record<string, unknown> {
  const body = formToBody(value, FIELD_KINDS, locale, 'create');
  if (typeof body.codigo_agente === 'string') body.codigo_agente = body.codigo_agente.toUpperCase();
  return body;
}

/** The form's messages: what is no number or date, the shared schema, then an end before the start. */
export function validateImportAgent(value: FormValue, locale: Locale): FieldErrors {
  const body = importAgentBody(value, locale);
  const errors = { ...validateForm(importAgentCreateSchema, body, AGENT_MESSAGES), ...typingErrors(value, FIELD_KINDS, locale) };
  delete errors[''];
  const { vigente_desde: from, vigente_hasta: to } = body;
  if (typeof from === 'string' && typeof to === 'string' && /^\d{4}-/.test(from) && /^\d{4}-/.test(to) && to < from) {
    errors.vigente_hasta ??= { key: 'logbooks.problems.rangeOrder' };
  }
  return errors;
}

/** The server's refusal details beside their fields. */
export function importAgentRefusalFields(details: readonly SchemaIssue[] | undefined): FieldErrors {
  return toFieldErrors(details, AGENT_MESSAGES);
}
