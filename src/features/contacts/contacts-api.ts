import type { CompanyListItem } from '../../../schemas/company.schema';
import type { Contact, ContactCreate, ContactUpdate } from '../../../schemas/contact.schema';
import { api } from '../../lib/api/client';
import { loadPublicConfig } from '../../lib/identity/public-config';

/**
 * The contacts calls of spec section 7: creation through the gateway (`POST <gatewayUrl>/contactos`,
 * the gateway URL of `/config.json`), the rest on `/contact/api/v1/...`.
 */

const CONTACTS = '/contact/api/v1';
type Data<T> = { data: T };

export async function listContacts(): Promise<Contact[]> {
  return (await api<Data<Contact[]>>({ method: 'GET', path: `${CONTACTS}/get` })).data;
}

/** The companies a contact may belong to (id and name for the form's choice). */
export async function listCompanyChoices(): Promise<Array<Pick<CompanyListItem, 'id' | 'razon_social' | 'pais'>>> {
  const { data } = await api<Data<CompanyListItem[]>>({ method: 'GET', path: '/empresas/api/v1/get' });
  return data.map(({ id, razon_social, pais }) => ({ id, razon_social, pais }));
}

/** The gateway address of contact creation, from the public configuration. */
export async function contactsGatewayUrl(): Promise<string> {
  const { gatewayUrl } = await loadPublicConfig();
  return `${gatewayUrl.replace(/\/+$/, '')}/contactos`;
}

export async function createContact(body: ContactCreate): Promise<Contact> {
  return (await api<Data<Contact>>({ method: 'POST', path: await contactsGatewayUrl(), body })).data;
}

export async function updateContact(body: ContactUpdate): Promise<Contact> {
  return (await api<Data<Contact>>({ method: 'POST', path: `${CONTACTS}/update`, body })).data;
}

export async function deleteContact(id: number): Promise<void> {
  await api<unknown>({ method: 'POST', path: `${CONTACTS}/delete`, body: { id } });
}

export async function getContact(id: number): Promise<Contact> {
  return (await api<Data<Contact>>({ method: 'GET', path: `${CONTACTS}/get-once/${id}` })).data;
}
