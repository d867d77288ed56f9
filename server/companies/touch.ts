// A change to one of a company's contacts is a change to the company: its version goes up, so
// an editor holding the company with the old contacts gets 409. The companies area writes its
// table; the contacts area calls this.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { empresas } from '../db/schema/relations-companies';
import { editStamp } from '../db/versioned';
import { invalidRequest } from '../errors/catalogue';

/**
 * Raises company `id`'s version for a change to one of its contacts; 400 on `/empresa_id`
 * when there is no such company. Locks the company row: callers take it before the
 * contact's, in the order the company update takes them.
 */
export async function touchCompany(tx: Db, id: number, actor: string | null): Promise<void> {
  const [company] = await tx.update(empresas).set(editStamp(empresas, actor)).where(eq(empresas.id, id)).returning({ id: empresas.id });
  if (!company) throw invalidRequest([{ instancePath: '/empresa_id', keyword: 'exists', message: 'there is no such company' }]);
}
