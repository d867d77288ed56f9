// The SQL of the guarantee instruments (docs/guarantees.md): an instrument is read, locked,
// written and returned in the one shape the API shows (its columns and where it stands on the
// business day); the list of an operator's, or all.
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { businessToday } from '../../schemas/date.schema';
import type { GuaranteeOperator, Instrument } from '../../schemas/guarantee.schema';
import type { Db } from '../db/client';
import { garantiasInstrumentos, type GarantiaInstrumentoRow } from '../db/schema/guarantees';
import { wireRow } from '../db/versioned';
import { recordStore } from '../kit/record-store';

/** Where an instrument stands on `today`: released, not yet issued, due, or in force (it counts). */
export function instrumentState(row: Pick<GarantiaInstrumentoRow, 'fecha_emision' | 'fecha_vencimiento' | 'liberada_en'>, today = businessToday()): Instrument['estado'] {
  if (row.liberada_en !== null && row.liberada_en <= today) return 'liberada';
  if (row.fecha_emision > today) return 'futura';
  if (row.fecha_vencimiento < today) return 'vencida';
  return 'vigente';
}

/** Instruments read, locked, inserted and updated in the API's shape. */
export const instrumentStore = recordStore({
  table: garantiasInstrumentos,
  notFound: 'APP_ERR_GUARANTEE_NOT_FOUND',
  toWire: (row: GarantiaInstrumentoRow) => ({ ...wireRow(row), estado: instrumentState(row) }) as Instrument,
});

/** The instruments of an operator and branch (or all), by operator, branch, then due date. */
export function listInstruments(db: Db, filters: { operador?: GuaranteeOperator; sucursal?: string }): Promise<Instrument[]> {
  const conditions: SQL[] = [];
  if (filters.operador) conditions.push(eq(garantiasInstrumentos.operador, filters.operador));
  if (filters.sucursal) conditions.push(eq(garantiasInstrumentos.sucursal, filters.sucursal));
  return instrumentStore.list(db, conditions.length > 0 ? and(...conditions) : undefined, [
    asc(garantiasInstrumentos.operador),
    asc(garantiasInstrumentos.sucursal),
    asc(garantiasInstrumentos.fecha_vencimiento),
    asc(garantiasInstrumentos.id),
  ]);
}
