import type { AnnexListItem } from '../../../schemas/annex.schema';
import type { CompanyListItem } from '../../../schemas/company.schema';
import type { Contract, ContractCreate, ContractListItem, ContractUpdate } from '../../../schemas/contract.schema';
import { api } from '../../lib/api/client';

/** The contract calls of spec section 7 (`/contratos/api/v1/...`) and what the form reads. */

type Data<T> = { data: T };

export async function listContracts(): Promise<ContractListItem[]> {
  return (await api<Data<ContractListItem[]>>({ method: 'GET', path: '/contratos/api/v1/get' })).data;
}

export async function getContract(id: number): Promise<Contract> {
  return (await api<Data<Contract>>({ method: 'GET', path: `/contratos/api/v1/get-once-contract/${id}` })).data;
}

export async function createContract(body: ContractCreate): Promise<Contract> {
  return (await api<Data<Contract>>({ method: 'POST', path: '/contratos/api/v1/create', body })).data;
}

export async function updateContract(id: number, body: ContractUpdate): Promise<Contract> {
  return (await api<Data<Contract>>({ method: 'PATCH', path: `/contratos/api/v1/update/${id}`, body })).data;
}

/** Spec: `POST /contratos/api/v1/delete` with `{ id }`; 409 while the contract has annexes. */
export async function deleteContract(id: number): Promise<void> {
  await api({ method: 'POST', path: '/contratos/api/v1/delete', body: { id } });
}

/** The companies a contract may be signed with (the form's company list). */
export async function listCompanies(): Promise<CompanyListItem[]> {
  return (await api<Data<CompanyListItem[]>>({ method: 'GET', path: '/empresas/api/v1/get' })).data;
}

/** The annexes of one contract (shown on the contract's page). */
export async function listContractAnnexes(contractId: number): Promise<AnnexListItem[]> {
  return (await api<Data<AnnexListItem[]>>({ method: 'GET', path: '/anexos/api/v1/get', query: { contrato_id: contractId } })).data;
}
