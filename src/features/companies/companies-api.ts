import type { Company, CompanyCreate, CompanyListItem, CompanyUpdate } from '../../../schemas/company.schema';
import { api } from '../../lib/api/client';

/** The companies calls of spec section 7 (`/empresas/api/v1/...`). */

const COMPANIES = '/empresas/api/v1';
type Data<T> = { data: T };

export async function listCompanies(): Promise<CompanyListItem[]> {
  return (await api<Data<CompanyListItem[]>>({ method: 'GET', path: `${COMPANIES}/get` })).data;
}

export async function getCompany(id: number): Promise<Company> {
  return (await api<Data<Company>>({ method: 'GET', path: `${COMPANIES}/get-once/${id}` })).data;
}

export async function createCompany(body: CompanyCreate): Promise<Company> {
  return (await api<Data<Company>>({ method: 'POST', path: `${COMPANIES}/post`, body })).data;
}

export async function updateCompany(id: number, body: CompanyUpdate): Promise<Company> {
  return (await api<Data<Company>>({ method: 'PATCH', path: `${COMPANIES}/update/${id}`, body })).data;
}

export async function deleteCompany(id: number): Promise<void> {
  await api<unknown>({ method: 'DELETE', path: `${COMPANIES}/delete/${id}` });
}
