// The contract rules a JSON Schema cannot state, as pure functions of a contract's values and
// the facts the store reads: the start is a real calendar day, a tripartite contract names its
// third party, the company and the signed file exist, and a firm (CF) contract's annexes all
// name their transmission holder. Every broken rule is a field detail of one 400.
import { lacksTransmissionHolder } from '../../schemas/annex.schema';
import { TRIPARTITE_REQUIRED_FIELDS, type ContractCreate } from '../../schemas/contract.schema';
import type { ContratoRow } from '../db/schema/relations-contracts';
import { laidOver, textOrNull, type EditColumns } from '../db/versioned';
import type { ErrorDetail } from '../errors/catalogue';

/** A contract's own column values: what a create or an update writes. */
export type ContractValues = Omit<ContratoRow, 'id' | keyof EditColumns>;

/** What the rules need to know of the database (server/contracts/store.ts reads it). */
export interface ContractFacts {
  companyExists: boolean;
  signedFileStored: boolean;
  /** The stored contract's annexes (none for a new contract). */
  annexHolders: Array<{ id: number; titular_transmision: string | null }>;
}

/** A create body with every optional field set to its stored default. */
export function createValues(body: ContractCreate): ContractValues {
  return normalised({
    ...body,
    tipo_oferta: body.tipo_oferta ?? null,
    tripartito: body.tripartito ?? false,
    nombre_empresa_tercero: body.nombre_empresa_tercero ?? null,
    codigo_tercero: body.codigo_tercero ?? null,
    tipo_credito: body.tipo_credito ?? null,
    moneda: body.moneda ?? 'USD',
    tipo_liquidacion: body.tipo_liquidacion ?? null,
    pmi: [...body.pmi],
    pmr: [...body.pmr],
    firmantes: [...(body.firmantes ?? [])],
  });
}

/** A stored contract with an update's changes laid over it (a field left out keeps its value). */
export function updatedValues(stored: ContractValues, changes: Partial<ContractValues>): ContractValues {
  return normalised(laidOver(stored, changes));
}

/** The values as stored: codes trimmed, a bilateral contract without a third party, signers tidied. */
function normalised(values: ContractValues): ContractValues {
  return {
    ...values,
    codigo_contraparte: values.codigo_contraparte.trim(),
    codigo_agente: values.codigo_agente.trim(),
    // A bilateral contract has no third party: stray values from a toggled form are dropped.
    nombre_empresa_tercero: values.tripartito ? textOrNull(values.nombre_empresa_tercero) : null,
    codigo_tercero: values.tripartito ? textOrNull(values.codigo_tercero) : null,
    firmantes: values.firmantes.map((signer) => ({
      nombre: signer.nombre.trim(),
      cargo: signer.cargo.trim(),
      email: signer.email.trim().toLowerCase(),
    })),
  };
}

/**
 * Every broken rule of a full contract as a field detail. `changed` tells which fields the
 * request set: a stored value that was valid when saved is not judged again.
 */
export function contractProblems(values: ContractValues, changed: (field: keyof ContractValues) => boolean, facts: ContractFacts): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (values.tripartito) {
    for (const field of TRIPARTITE_REQUIRED_FIELDS) {
      if (values[field] === null) details.push({ instancePath: '', keyword: 'required', message: `must have required property '${field}'` });
    }
  }
  if (changed('empresa_id') && !facts.companyExists) {
    details.push({ instancePath: '/empresa_id', keyword: 'exists', message: 'there is no such company' });
  }
  if (changed('archivo_firmado') && !facts.signedFileStored) {
    details.push({ instancePath: '/archivo_firmado', keyword: 'exists', message: 'there is no file with this key' });
  }
  const holderless = changed('clase_contrato') ? facts.annexHolders.find((annex) => lacksTransmissionHolder(values.clase_contrato, annex.titular_transmision)) : undefined;
  if (holderless) {
    details.push({
      instancePath: '/clase_contrato',
      keyword: 'annexHolder',
      message: `annex ${holderless.id} has no transmission holder, which every annex of a firm (CF) contract needs`,
    });
  }
  return details;
}

/** The refusal code of a delete: annexes carry the contract's parameters into settlements, so they go first, by hand. */
export function deleteRefusal(contract: { numero_anexos?: number | null }): string | null {
  return (contract.numero_anexos ?? 0) > 0 ? 'APP_ERR_RECORD_IN_USE' : null;
}
