import type { Contract, ContractCreate, ContractListItem, ContractUpdate } from '../../../schemas/contract.schema';
import { apiData } from '../../lib/api/client';

/** The contract calls of spec section 7 (`/contratos/api/v1/...`); the annex form picks its contract from `listContracts`. */

const CONTRACTS = '/contratos/api/v1';

/** Every contract, or one company's (`empresaId`). */
export const listContracts = (empresaId?: number) =>
  apiData<ContractListItem[]>({ method: 'GET', path: `${CONTRACTS}/get`, query: { empresa_id: empresaId } });

export const getContract = (id: number) => apiData<Contract>({ method: 'GET', path: `${CONTRACTS}/get-once-contract/${id}` });

export const createContract = (body: ContractCreate) => apiData<Contract>({ method: 'POST', path: `${CONTRACTS}/create`, body });

export const updateContract = (id: number, body: ContractUpdate) => apiData<Contract>({ method: 'PATCH', path: `${CONTRACTS}/update/${id}`, body });

/** Spec: `POST /contratos/api/v1/delete` with `{ id }`; 409 while the contract has annexes. */
export const deleteContract = (id: number) => apiData<Contract>({ method: 'POST', path: `${CONTRACTS}/delete`, body: { id } });
