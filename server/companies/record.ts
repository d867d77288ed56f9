// Companies on the record kit. A company is written with its children (contacts, bank
// accounts, documents) in one transaction, so its create and update are its own use cases,
// written with the kit's store; its delete is the kit's.
import type { Company, CompanyCreate, CompanyDocumentInput, CompanyUpdate } from '../../schemas/company.schema';
import { contactValues } from '../contacts/rules';
import type { Db } from '../db/client';
import { errorForCode, withDetails } from '../errors/catalogue';
import { storedFileKeys } from '../files/store';
import { assertNoProblems, deleteRecord, type RecordUpdate, type RecordWork } from '../kit/record-mutations';
import type { RecordRouteSpec } from '../kit/record-handlers';
import { bankValues, childIdProblems, companyValues, documentProblems, updatedCompany } from './rules';
import { companyStore, insertCompany, replaceChildren, replaceDocuments } from './store';

/** 400 unless each document kind is given once and every key is an uploaded file. */
async function assertDocuments(tx: Db, documents: readonly CompanyDocumentInput[]): Promise<void> {
  const stored = await storedFileKeys(tx, documents.map((document) => document.key));
  assertNoProblems(documentProblems(documents, stored));
}

/** A new company with its contacts, bank accounts and documents. */
const createCompany: RecordWork<CompanyCreate, Company> = async (tx, caller, body) => {
  const { contactos: contacts, coordenadas_bancarias: banks, documentos: documents = [], ...fields } = body;
  await assertDocuments(tx, documents);
  const children = { contacts: contacts.map(contactValues), banks: banks.map(bankValues), documents };
  const after = await insertCompany(tx, companyValues(fields), children, caller.email);
  return { id: after.id, before: null, after };
};

/**
 * A company's changes: each child list given replaces the stored one (an item with a stored
 * child's id updates it, one without is added, a stored child left out is removed), then its
 * own fields are written and its version raised, so the answer has the children as written.
 */
const updateCompany: RecordWork<RecordUpdate, Company> = async (tx, caller, { id, version, changes }) => {
  const { contactos: contacts, coordenadas_bancarias: banks, documentos: documents, ...fields } = changes as Omit<CompanyUpdate, 'version'>;
  const actor = caller.email;
  const before = await companyStore.lock(tx, id, version);
  if (documents) await assertDocuments(tx, documents);
  const storedIds = (children: ReadonlyArray<{ id: number }>) => children.map((child) => child.id);
  if (contacts) assertNoProblems(childIdProblems('contactos', contacts, new Set(storedIds(before.contactos))));
  if (banks) assertNoProblems(childIdProblems('coordenadas_bancarias', banks, new Set(storedIds(before.coordenadas_bancarias))));
  if (contacts) {
    const items = contacts.map(({ id: childId, ...contact }) => ({ id: childId, values: contactValues(contact) }));
    await replaceChildren(tx, 'contactos', id, storedIds(before.contactos), items, actor);
  }
  if (banks) {
    const items = banks.map(({ id: childId, ...bank }) => ({ id: childId, values: bankValues(bank) }));
    await replaceChildren(tx, 'coordenadas_bancarias', id, storedIds(before.coordenadas_bancarias), items, actor);
  }
  if (documents) await replaceDocuments(tx, id, documents, actor);
  const after = await companyStore.update(tx, id, updatedCompany(companyStore.valuesOf(before), fields), actor);
  return { id, before, after };
};

/** The company routes' record: its read, its use cases, and what the database refuses. */
export const companyRecord: RecordRouteSpec<Company, CompanyCreate> = {
  entity: 'company',
  read: companyStore.read,
  create: createCompany,
  update: updateCompany,
  delete: deleteRecord(companyStore),
  refusals: {
    // A duplicate tax id in the same country: 409 with the detail on `/nit`.
    write: {
      unique: () =>
        withDetails(errorForCode('APP_ERR_COMPANY_DUPLICATE'), [
          { instancePath: '/nit', keyword: 'unique', message: 'a company with this tax id exists in this country' },
        ]),
    },
    // A contract, or any later table, that refers to the company: its foreign key refuses the delete.
    delete: { foreignKey: 'APP_ERR_RECORD_IN_USE' },
  },
};
