import type { Annex, AnnexCreate, AnnexListItem, AnnexUpdate } from '../../../schemas/annex.schema';
import type { ContractListItem } from '../../../schemas/contract.schema';
import { api } from '../../lib/api/client';

/** The annex calls of spec section 7 (`/anexos/api/v1/...`) and the contracts the form offers. */

type Data<T> = { data: T };

export async function listAnnexes(): Promise<AnnexListItem[]> {
  return (await api<Data<AnnexListItem[]>>({ method: 'GET', path: '/anexos/api/v1/get' })).data;
}

export async function getAnnex(id: number): Promise<Annex> {
  return (await api<Data<Annex>>({ method: 'GET', path: `/anexos/api/v1/get-once/${id}` })).data;
}

export async function createAnnex(body: AnnexCreate): Promise<Annex> {
  return (await api<Data<Annex>>({ method: 'POST', path: '/anexos/api/v1/create', body })).data;
}

export async function updateAnnex(id: number, body: AnnexUpdate): Promise<Annex> {
  return (await api<Data<Annex>>({ method: 'PATCH', path: `/anexos/api/v1/update/${id}`, body })).data;
}

/** Spec: `POST /anexos/api/v1/delete` with `{ id }`. */
export async function deleteAnnex(id: number): Promise<void> {
  await api({ method: 'POST', path: '/anexos/api/v1/delete', body: { id } });
}

/** The contracts an annex may amend (the form's contract list; its class decides the CF rule). */
export async function listContracts(): Promise<ContractListItem[]> {
  return (await api<Data<ContractListItem[]>>({ method: 'GET', path: '/contratos/api/v1/get' })).data;
}
