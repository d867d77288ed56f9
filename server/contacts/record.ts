// Contacts on the record kit. A contact's writes do more than the generic ones: each touches
// its company (whose version covers its contacts), and a company keeps one contact, so the
// three use cases are written here with the kit's store.
import type { Contact, ContactCreate } from '../../schemas/contact.schema';
import type { Db } from '../db/client';
import { errorForCode } from '../errors/catalogue';
import type { RecordMutations } from '../kit/record-mutations';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { contactValues, lastContactRefusal } from './rules';
import { touchCompany } from '../companies/touch';
import { contactStore, hasOtherContacts, lockContact } from './store';

async function assertNotLast(tx: Db, empresaId: number, id: number): Promise<void> {
  const refusal = lastContactRefusal(await hasOtherContacts(tx, empresaId, id));
  if (refusal) throw errorForCode(refusal);
}

const contactMutations: RecordMutations<Contact, ContactCreate> = {
  async create(tx, caller, { empresa_id, ...fields }) {
    await touchCompany(tx, empresa_id, caller.email);
    const after = await contactStore.insert(tx, { empresa_id, ...contactValues(fields) }, caller.email);
    return { id: after.id, before: null, after };
  },

  async update(tx, caller, { id, version, changes }) {
    const given = changes as Partial<Contact>;
    const before = await lockContact(tx, id, caller.email, { sent: version, alsoCompany: given.empresa_id });
    const empresaId = given.empresa_id ?? before.empresa_id;
    // Moving away the last contact would leave its company without one.
    if (empresaId !== before.empresa_id) await assertNotLast(tx, before.empresa_id, id);
    const after = await contactStore.update(tx, id, { empresa_id: empresaId, ...contactValues({ ...before, ...given }) }, caller.email);
    return { id, before, after };
  },

  async delete(tx, caller, id) {
    const before = await lockContact(tx, id, caller.email);
    await assertNotLast(tx, before.empresa_id, id);
    await contactStore.remove(tx, id);
    return { id, before, after: null };
  },
};

/** The contact routes' record: its read and its three use cases (creation comes through the gateway). */
export const contactRecord: RecordRouteSpec<Contact, ContactCreate> = { entity: 'contact', read: contactStore.read, ...contactMutations };
