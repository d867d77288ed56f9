// The pre-settlement's data check (docs/settlements.md): what a contract's month lacks before it
// can be computed. The check is the first step of computing: a role that may not compute for
// the contract's country is not told about its data either.
import type { PreSettlementBody } from '../../schemas/settlement.schema';
import { assertCallerMayPerform } from '../authz/authorize';
import type { Caller } from '../authz/caller';
import { contractTerms } from '../contracts/store';
import type { Db } from '../db/client';
import { AppErrors } from '../errors/catalogue';
import { missingData } from './store';
import { assertContractCodes, settlementAction } from './rules';

/** POST /pre-liquidacion: whether the month's data is all there, and what is missing. */
export async function checkSettlementData(db: Db, caller: Caller, body: PreSettlementBody) {
  const { contrato_id, anio, mes, version } = body;
  const contract = await contractTerms(db, contrato_id);
  if (!contract) throw new AppErrors.contractNotFound();
  assertCallerMayPerform(caller, settlementAction('create'), { recordCountry: contract.sucursal });
  assertContractCodes(contract, body);
  const { items, total } = await missingData(db, contrato_id, anio, mes, version);
  return { data: { disponible: total === 0, faltantes: items, total_faltantes: total } };
}
