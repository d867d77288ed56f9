import type { Contact, ContactCreate, ContactUpdate } from '../../../schemas/contact.schema';
import { apiData } from '../../lib/api/client';
import { loadPublicConfig } from '../../lib/identity/public-config';

/**
 * The contacts calls of spec section 7: creation through the gateway (`POST <gatewayUrl>/contactos`,
 * the gateway URL of `/config.json`), the rest on `/contact/api/v1/...`.
 */

const CONTACTS = '/contact/api/v1';

/** The gateway address of contact creation, from the public configuration. */
async function contactsGatewayUrl(): Promise<string> {
  const { gatewayUrl } = await loadPublicConfig();
  return `${gatewayUrl.replace(/\/+$/, '')}/contactos`;
}

export const listContacts = () => apiData<Contact[]>({ method: 'GET', path: `${CONTACTS}/get` });

export const getContact = (id: number) => apiData<Contact>({ method: 'GET', path: `${CONTACTS}/get-once/${id}` });

export const createContact = async (body: ContactCreate) => apiData<Contact>({ method: 'POST', path: await contactsGatewayUrl(), body });

export const updateContact = (body: ContactUpdate) => apiData<Contact>({ method: 'POST', path: `${CONTACTS}/update`, body });

export const deleteContact = (id: number) => apiData<Contact>({ method: 'POST', path: `${CONTACTS}/delete`, body: { id } });
