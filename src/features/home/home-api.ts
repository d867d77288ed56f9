import type { Pending } from '../../../schemas/home.schema';
import { apiData } from '../../lib/api/client';

/** What needs the signed-in user now (`GET /api/v1/pendientes`, docs/home.md): only the cards they may see. */
export const getPending = () => apiData<Pending>({ method: 'GET', path: '/api/v1/pendientes' });
