// What the settlement lifecycle decides, in the server's words: the catalogue error each refusal
// answers. The decision itself is the shared machine's (`settlementTransition`, on the facts
// `settlementFacts` reads, as the pages do), as the users area asks the user-status machine.
import {
  SETTLEMENT_TRANSITION_REFUSED,
  settlementTransition,
  type SettlementEffect,
} from '../../machines/settlements/settlement.machine';
import {
  SETTLEMENT_REFUSALS,
  type SettlementCommand,
  type SettlementRefusal,
  type SettlementSubject,
  type SettlementUser,
} from '../../machines/settlements/settlement-rules';
import { AppErrors } from '../errors/catalogue';

const REFUSAL_ERRORS: Record<SettlementRefusal | typeof SETTLEMENT_TRANSITION_REFUSED, new () => Error> = {
  [SETTLEMENT_REFUSALS.notFound]: AppErrors.settlementNotFound,
  [SETTLEMENT_REFUSALS.dataUnavailable]: AppErrors.settlementDataUnavailable,
  [SETTLEMENT_REFUSALS.validated]: AppErrors.settlementValidated,
  [SETTLEMENT_REFUSALS.preliminaryNotValidatable]: AppErrors.settlementPeNotValidatable,
  [SETTLEMENT_REFUSALS.forbidden]: AppErrors.authForbidden,
  [SETTLEMENT_REFUSALS.fourEyes]: AppErrors.settlementFourEyes,
  [SETTLEMENT_REFUSALS.stale]: AppErrors.recordStale,
  [SETTLEMENT_REFUSALS.notDf]: AppErrors.settlementNotDf,
  [SETTLEMENT_REFUSALS.notValidated]: AppErrors.settlementNotValidated,
  [SETTLEMENT_REFUSALS.alreadyReconciled]: AppErrors.settlementReconciled,
  [SETTLEMENT_TRANSITION_REFUSED]: AppErrors.settlementTransition,
};

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
  if (!verdict.allowed) throw new REFUSAL_ERRORS[verdict.code]();
  if (verdict.effect !== expected) throw new AppErrors.settlementTransition();
}
