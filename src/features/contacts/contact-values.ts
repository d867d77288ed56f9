import type { FormValue } from '../../../machines/forms/record-form.machine';
import type { Contact } from '../../../schemas/contact.schema';
import type { FieldErrors, MessageOverrides } from '../../lib/forms/field-errors';
import { validateForm, withoutEmptyFields } from '../../lib/forms/validate-form';
import contactCreateSchema from 'virtual:form-validator/contactCreate';
import contactUpdateSchema from 'virtual:form-validator/contactUpdate';

/** The contact form's fields in screen order (spec section 3, Contact). */
export const CONTACT_FORM_FIELDS = ['empresa_id', 'tipo_contacto', 'nombre', 'cargo', 'email', 'telefono', 'extension', 'celular'] as const;

export const CONTACT_REQUIRED_FIELDS = new Set(['empresa_id', 'nombre', 'email', 'telefono', 'celular', 'cargo']);

/** Spec section 5 words these rules: valid email, valid cell, valid phone. */
export const CONTACT_MESSAGES: MessageOverrides = {
  email: { '*': 'companies.errors.email' },
  telefono: { '*': 'companies.errors.phone' },
  celular: { '*': 'companies.errors.cell' },
  extension: { '*': 'companies.errors.extension' },
  empresa_id: { type: 'forms.errors.required', minimum: 'forms.errors.required' },
};

export function blankContactForm(empresaId = ''): FormValue {
  return { empresa_id: empresaId, tipo_contacto: 'comercial', nombre: '', cargo: '', email: '', telefono: '', extension: '', celular: '' };
}

export function contactToForm(contact: Contact): FormValue {
  return {
    empresa_id: String(contact.empresa_id),
    tipo_contacto: contact.tipo_contacto,
    nombre: contact.nombre,
    cargo: contact.cargo,
    email: contact.email,
    telefono: contact.telefono,
    extension: contact.extension ?? '',
    celular: contact.celular,
    id: contact.id,
    version: contact.version,
  };
}

function companyId(value: unknown): number | undefined {
  const id = Number(value);
  return value === '' || value === undefined || !Number.isInteger(id) ? undefined : id;
}

/** The gateway's create body: empty fields left out so they read "required". */
export function createBody(value: FormValue): Record<string, unknown> {
  const { empresa_id, id: _id, version: _version, ...fields } = value;
  const empresa = companyId(empresa_id);
  return { ...withoutEmptyFields(fields), ...(empresa !== undefined ? { empresa_id: empresa } : {}) };
}

/** The update body: id and version read, every field (an emptied extension clears it). */
export function updateBody(value: FormValue): Record<string, unknown> {
  const { empresa_id, extension, ...fields } = value;
  const empresa = companyId(empresa_id);
  return { ...fields, extension: extension === '' ? null : extension, ...(empresa !== undefined ? { empresa_id: empresa } : {}) };
}

export function validateCreate(value: FormValue): FieldErrors {
  return validateForm(contactCreateSchema, createBody(value), CONTACT_MESSAGES);
}

export function validateUpdate(value: FormValue): FieldErrors {
  return validateForm(contactUpdateSchema, updateBody(value), CONTACT_MESSAGES);
}
