import type { FormValue } from '../../../machines/forms/record-form.machine';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { preSettlementSchema, type PreSettlementBody } from '../../../schemas/settlement.schema';
import type { FieldErrors } from '../../lib/forms/field-errors';
import { formToBody, typingErrors, type RecordFieldKinds } from '../../lib/forms/record-body';
import { requiredFields } from '../../lib/forms/required-fields';
import { validateForm } from '../../lib/forms/validate-form';
import type { Locale } from '../../lib/i18n/locales';
import preSettlementValidator from 'virtual:form-validator/preSettlement';

// The pre-settlement form's value and its request body (spec section 5: contract, counterpart,
// codes, month, year and timeframe required), checked with the schema the server checks with.

const FIELD_KINDS: RecordFieldKinds = {
  integers: ['contrato_id', 'mes', 'anio'],
  clearable: new Set(),
  formOnly: [],
};

/** The versions a pre-settlement computes: a CD is only made by reconciling a validated DF. */
export const PRE_SETTLEMENT_VERSIONS = ['PE', 'DF'] as const;

/** The fields the schema requires, marked so on the form. */
export const PRE_SETTLEMENT_REQUIRED = requiredFields(preSettlementSchema);

/** An empty form: this year, the preliminary version, rows by the hour. */
export function blankPreSettlement(today = new Date()): FormValue {
  return {
    contrato_id: '',
    codigo_contraparte: '',
    codigo_agente: '',
    mes: '',
    anio: String(today.getFullYear()),
    version: 'PE',
    agregacion: 'hora',
  };
}

/** The value after choosing a contract: its codes filled in (the user may still change them). */
export function withContract(value: FormValue, contractId: string, contracts: readonly ContractListItem[]): FormValue {
  const contract = contracts.find((item) => String(item.id) === contractId);
  return {
    ...value,
    contrato_id: contractId,
    codigo_contraparte: contract?.codigo_contraparte ?? '',
    codigo_agente: contract?.codigo_agente ?? '',
  };
}

/** The request body of a form value (what the user left empty is not sent, so it reads "required"). */
export function preSettlementBody(value: FormValue, locale: Locale): PreSettlementBody {
  return formToBody(value, FIELD_KINDS, locale, 'create') as PreSettlementBody;
}

/** The field messages of a form value: what is not a whole number, then the shared schema's. */
export function validatePreSettlement(value: FormValue, locale: Locale): FieldErrors {
  const errors = { ...validateForm(preSettlementValidator, preSettlementBody(value, locale)), ...typingErrors(value, FIELD_KINDS, locale) };
  delete errors[''];
  return errors;
}

/** How a contract reads in the picker: its number, company and counterpart code. */
export function contractOption(contract: ContractListItem) {
  return {
    value: String(contract.id),
    label: `#${contract.id} · ${contract.empresa_razon_social}`,
    detail: [contract.codigo_contraparte, contract.tipo_contrato, contract.sucursal].filter(Boolean).join(' · '),
  };
}
