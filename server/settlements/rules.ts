// What the settlement lifecycle decides, in the server's words. The decision itself is the
// shared machine's (`settlementTransition`, on the facts `settlementFacts` reads, as the pages
// do; a refusal is its catalogue code), as the users area asks the user-status machine.
import { settlementTransition, type SettlementEffect } from '../../machines/settlements/settlement.machine';
import { settlementFacts, type SettlementCommand, type SettlementSubject, type SettlementUser } from '../../machines/settlements/settlement-rules';
import type { Settlement } from '../../schemas/settlement.schema';
import { mayPerform } from '../authz/authorize';
import type { Caller } from '../authz/caller';
import type { Db } from '../db/client';
import { AppErrors, errorForCode, invalidRequest } from '../errors/catalogue';
import { userIdByEmail } from '../users/store';

export type SettlementAction = 'view' | 'create' | 'validate';

/** A page action on Settlements (what a route declares and what a use case checks for a record's country). */
export const settlementAction = (verb: SettlementAction) => ({ page: 'Settlements', action: verb }) as const;

/** The caller as the settlement machine sees them, for a settlement of `country`: roles act in their own country. */
export function settlementUserOf({ user, role }: Caller, country: string | null | undefined): SettlementUser {
  return { id: user.id, mayValidate: mayPerform(user, role, settlementAction('validate'), country) };
}

/** What the machine reads of a stored settlement, with the id of who last computed it. */
export async function storedFacts(db: Db, settlement: Settlement) {
  return settlementFacts(settlement, await userIdByEmail(db, settlement.calculada_por));
}

/**
 * Throws the catalogue error of the machine's refusal unless it allows `command` about
 * `subject` (a stored settlement's facts, or none yet and whether its data is all there) with
 * the effect `expected` (a command leads to one effect).
 */
export function assertTransition(
  subject: SettlementSubject,
  command: SettlementCommand,
  user: SettlementUser,
  expected: SettlementEffect,
): void {
  const verdict = settlementTransition(subject, command, user);
  if (!verdict.allowed) throw errorForCode(verdict.code);
  if (verdict.effect !== expected) throw new AppErrors.settlementTransition();
}

/** A 400 beside each code the user typed that is not the contract's: a wrong one means another deal was meant. */
export function assertContractCodes(
  contract: { codigo_contraparte: string; codigo_agente: string },
  typed: { codigo_contraparte: string; codigo_agente: string },
): void {
  const wrong = (['codigo_contraparte', 'codigo_agente'] as const).filter((field) => contract[field] !== typed[field].trim());
  if (wrong.length > 0) {
    throw invalidRequest(wrong.map((field) => ({ instancePath: `/${field}`, keyword: 'contractCode', message: `${field} is not the contract's` })));
  }
}
