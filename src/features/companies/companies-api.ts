import type { Company, CompanyCreate, CompanyListItem, CompanyUpdate } from '../../../schemas/company.schema';
import { apiData } from '../../lib/api/client';

/**
 * The companies calls of spec section 7 (`/empresas/api/v1/...`). The contract and contact
 * forms pick their company from `listCompanies` too.
 */

const COMPANIES = '/empresas/api/v1';

export const listCompanies = () => apiData<CompanyListItem[]>({ method: 'GET', path: `${COMPANIES}/get` });

export const getCompany = (id: number) => apiData<Company>({ method: 'GET', path: `${COMPANIES}/get-once/${id}` });

export const createCompany = (body: CompanyCreate) => apiData<Company>({ method: 'POST', path: `${COMPANIES}/post`, body });

export const updateCompany = (id: number, body: CompanyUpdate) => apiData<Company>({ method: 'PATCH', path: `${COMPANIES}/update/${id}`, body });

export const deleteCompany = (id: number) => apiData<Company>({ method: 'DELETE', path: `${COMPANIES}/delete/${id}` });
