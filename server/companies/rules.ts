// The company rules a JSON Schema cannot state, as pure functions of a request and the facts
// the store reads: the values as stored, each document kind at most once and every document
// key an uploaded file, and a child list that names only the company's own children. Every
// broken rule is a field detail of one 400, so the wizard marks the offending item.
import type { BankCoordinatesInput, CompanyCreate, CompanyDocumentInput } from '../../schemas/company.schema';
import type { CoordenadaBancariaRow, EmpresaRow } from '../db/schema/relations-companies';
import { laidOver, cleanedTexts, type EditColumns } from '../db/versioned';
import type { ErrorDetail } from '../errors/catalogue';

/** A company's own column values: what a create or an update writes. */
export type CompanyValues = Omit<EmpresaRow, 'id' | keyof EditColumns>;

/** A bank account's own column values but its company. */
export type BankValues = Omit<CoordenadaBancariaRow, 'id' | 'empresa_id' | keyof EditColumns>;

/** The company's own fields of a create body. */
type CompanyFields = Omit<CompanyCreate, 'contactos' | 'coordenadas_bancarias' | 'documentos'>;

/** The lists of children an update may replace. */
export type ChildList = 'contactos' | 'coordenadas_bancarias';

// The casts below are sound: the schema's patterns keep required texts from being blank, so
// only the optional codes can become null.

/** A company's fields as stored: texts trimmed, an optional code left blank or out is none. */
export function companyValues(fields: CompanyFields): CompanyValues {
  return cleanedTexts({ codigo_agente: null, codigo_cenace_importacion: null, codigo_cenace_exportacion: null, ...fields }) as CompanyValues;
}

/** A stored company with an update's changes laid over it (a field left out keeps its value). */
export function updatedCompany(stored: CompanyValues, changes: Partial<CompanyFields>): CompanyValues {
  return companyValues(laidOver(stored, changes));
}

/** A bank account's fields as stored: texts trimmed (every bank field is required). */
export function bankValues(fields: BankCoordinatesInput): BankValues {
  return cleanedTexts(fields) as BankValues;
}

/** Each document kind at most once, and every key one of `storedKeys` (the uploaded files). */
export function documentProblems(documents: readonly CompanyDocumentInput[], storedKeys: ReadonlySet<string>): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  documents.forEach((document, index) => {
    if (seen.has(document.tipo)) {
      details.push({ instancePath: `/documentos/${index}/tipo`, keyword: 'unique', message: 'this document kind is given twice' });
    }
    seen.add(document.tipo);
  });
  documents.forEach((document, index) => {
    if (!storedKeys.has(document.key)) {
      details.push({ instancePath: `/documentos/${index}/key`, keyword: 'exists', message: 'there is no uploaded file with this key' });
    }
  });
  return details;
}

/** Every id a child list names is one of the company's children of that kind (`storedIds`), and named once. */
export function childIdProblems(list: ChildList, items: ReadonlyArray<{ id?: number }>, storedIds: ReadonlySet<number>): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const kept = new Set<number>();
  items.forEach((item, index) => {
    if (item.id === undefined) return;
    if (!storedIds.has(item.id) || kept.has(item.id)) {
      details.push({ instancePath: `/${list}/${index}/id`, keyword: 'exists', message: 'not a child of this company' });
    }
    kept.add(item.id);
  });
  return details;
}
