import { settlementTransition } from '../../../machines/settlements/settlement.machine';
import {
  isReconcilableVersion,
  isValidatableVersion,
  settlementFacts,
  type SettlementCommand,
  type SettlementUser,
} from '../../../machines/settlements/settlement-rules';
import type { Settlement } from '../../../schemas/settlement.schema';

/** A command the page may offer: whether to show it, and why it is refused when shown but not allowed. */
export interface CommandOffer {
  shown: boolean;
  /** The catalogue code of the machine's refusal (`errors.<code>`), null when the command is allowed. */
  refusal: string | null;
}

export interface SettlementOffers {
  compute: CommandOffer;
  validate: CommandOffer;
  reconcile: CommandOffer;
}

/** The signed-in user as the page knows them, and what their role lets them do on Settlements. */
export interface OfferedTo {
  id: number;
  email: string;
  mayCreate: boolean;
  mayValidate: boolean;
}

/** Who computed `settlement`, as far as the page knows: the signed-in user, or someone else (null). */
export function preparerIdFor(settlement: Settlement, user: Pick<OfferedTo, 'id' | 'email'>): number | null {
  const preparedByUser = settlement.calculada_por !== null && settlement.calculada_por?.toLowerCase() === user.email.toLowerCase();
  return preparedByUser ? user.id : null;
}

/**
 * The commands of one settlement for the signed-in user, decided as the server decides them:
 * the settlement machine's verdict (`settlementTransition`) on the settlement's facts. The
 * page knows the preparer only by e-mail: it is the user, or someone else.
 *
 * Shown: compute again while preliminary (to who may create); validate a preliminary DF or CD
 * (to who may validate: a preparer sees it refused, with the four-eyes reason); reconcile a
 * validated DF (to who may create).
 */
export function settlementOffers(settlement: Settlement, user: OfferedTo): SettlementOffers {
  const facts = settlementFacts(settlement, preparerIdFor(settlement, user));
  const asker: SettlementUser = { id: user.id, mayValidate: user.mayValidate };
  const refusal = (type: SettlementCommand['type']) => {
    const verdict = settlementTransition({ settlement: facts }, { type, version: facts.version }, asker);
    return verdict.allowed ? null : verdict.code;
  };
  const preliminary = facts.estado === 'preliminar';
  return {
    compute: { shown: user.mayCreate && preliminary, refusal: refusal('settlement.compute') },
    validate: { shown: user.mayValidate && preliminary && isValidatableVersion(facts.tipo), refusal: refusal('settlement.validate') },
    reconcile: { shown: user.mayCreate && !preliminary && isReconcilableVersion(facts.tipo), refusal: refusal('settlement.reconcile') },
  };
}
