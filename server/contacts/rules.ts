// The contact rules a JSON Schema cannot state, as pure functions: a contact's values as
// stored. The company wizard's contacts (server/companies) are stored by the same rule.
import type { CompanyContactInput } from '../../schemas/contact.schema';
import type { ContactoRow } from '../db/schema/relations-companies';
import { textOrNull, type EditColumns } from '../db/versioned';

/** A contact's own column values but its company: what a create or an update writes. */
export type ContactValues = Omit<ContactoRow, 'id' | 'empresa_id' | keyof EditColumns>;

/** A contact's fields as stored: texts trimmed, a blank extension none, the kind `comercial` unless given. */
export function contactValues(fields: CompanyContactInput): ContactValues {
  return {
    tipo_contacto: fields.tipo_contacto ?? 'comercial',
    nombre: fields.nombre.trim(),
    email: fields.email.trim(),
    telefono: fields.telefono.trim(),
    extension: textOrNull(fields.extension),
    celular: fields.celular.trim(),
    cargo: fields.cargo.trim(),
  };
}

/** The refusal code of deleting, or moving away, a company's last contact (a company keeps one); null when it has others. */
export function lastContactRefusal(hasOthers: boolean): string | null {
  return hasOthers ? null : 'APP_ERR_CONTACT_LAST';
}
