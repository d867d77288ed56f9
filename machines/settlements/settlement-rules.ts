// The rules of a settlement's lifecycle as plain questions about its facts, and the refusal a
// command earns when one of them says no. The settlement machine's guards ask these same
// questions; the refusal names the reason for the server's answer and the page's message.
// The machine decides, these words explain: a test checks that they never disagree.
import type { Settlement } from '../../schemas/settlement.schema';

/** PE preliminary (ex-ante prices), DF final (the operator's official data), CD reconciled (after claims). */
export const SETTLEMENT_VERSIONS = ['PE', 'DF', 'CD'] as const;
export type SettlementVersion = (typeof SETTLEMENT_VERSIONS)[number];

/** `preliminar` may be recomputed; `validada` is final and never changes again. */
export const SETTLEMENT_STATES = ['preliminar', 'validada'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/** What the lifecycle needs to know of a stored settlement (one contract, one month, one version). */
export interface SettlementFacts {
  id: number;
  tipo: SettlementVersion;
  estado: SettlementState;
  /** The user who last computed it: the one user who may not validate it (four eyes). */
  calculada_por: number;
  /** The row version for optimistic concurrency: a command about an older one is stale. */
  version: number;
  /** Whether a CD was already made from this DF: a DF is reconciled once. */
  conciliada: boolean;
}

/** No user has id 0: a settlement nobody computed (a fresh CD) has no preparer to refuse. */
const NOBODY = 0;

/**
 * What the lifecycle needs to know of a settlement as the API shows it. `preparerId` is the
 * id of the user whose e-mail is `calculada_por` (the server looks it up; a page knows only
 * whether it is the signed-in user), or null when nobody computed it.
 */
export function settlementFacts(
  settlement: Pick<Settlement, 'id' | 'version_liquidacion' | 'estado' | 'version' | 'conciliada'>,
  preparerId: number | null,
): SettlementFacts {
  return {
    id: settlement.id,
    tipo: settlement.version_liquidacion,
    estado: settlement.estado,
    calculada_por: preparerId ?? NOBODY,
    version: settlement.version,
    conciliada: settlement.conciliada ?? false,
  };
}

/** Who sends a command: the user's id and whether their role grants Settlements `validate`. */
export interface SettlementUser {
  id: number;
  mayValidate: boolean;
}

/**
 * The catalogue codes a refused command answers with. `APP_ERR_AUTH_FORBIDDEN` and
 * `APP_ERR_RECORD_STALE` exist already; the `APP_ERR_SETTLEMENT_*` ones are for the server's
 * catalogue (each with `errors.<CODE>` in both languages).
 */
export const SETTLEMENT_REFUSALS = {
  /** Validating or reconciling a settlement that was never computed. */
  notFound: 'APP_ERR_SETTLEMENT_NOT_FOUND',
  /** Computing a new settlement whose prices, energy or rates are not all there. */
  dataUnavailable: 'APP_ERR_SETTLEMENT_DATA_UNAVAILABLE',
  /** Computing or validating a settlement already validated: it is final. */
  validated: 'APP_ERR_SETTLEMENT_VALIDATED',
  /** Validating a PE: a shadow on ex-ante prices, never final. */
  preliminaryNotValidatable: 'APP_ERR_SETTLEMENT_PE_NOT_VALIDATABLE',
  /** Validating without the Settlements `validate` action. */
  forbidden: 'APP_ERR_AUTH_FORBIDDEN',
  /** Validating a settlement one computed oneself. */
  fourEyes: 'APP_ERR_SETTLEMENT_FOUR_EYES',
  /** A command about a version of the settlement that is no longer the stored one. */
  stale: 'APP_ERR_RECORD_STALE',
  /** Reconciling anything but a DF. */
  notDf: 'APP_ERR_SETTLEMENT_NOT_DF',
  /** Reconciling a DF that is not validated yet (it can still be recomputed instead). */
  notValidated: 'APP_ERR_SETTLEMENT_NOT_VALIDATED',
  /** Reconciling a DF a CD was already made from. */
  alreadyReconciled: 'APP_ERR_SETTLEMENT_RECONCILED',
} as const;

export type SettlementRefusal = (typeof SETTLEMENT_REFUSALS)[keyof typeof SETTLEMENT_REFUSALS];

/** The commands the server decides on (the lifecycle's events that change stored data). */
export type SettlementCommand =
  | { type: 'settlement.compute'; version?: number }
  | { type: 'settlement.validate'; version: number }
  | { type: 'settlement.reconcile'; version: number };

/**
 * What a command is about: the stored settlement, or none yet for its contract, month and
 * version (then whether the pre-settlement found its data).
 */
export type SettlementSubject = { settlement: SettlementFacts } | { settlement: null; dataAvailable: boolean };

/** Only final versions are validated: a PE is a shadow, never validated nor invoiced. */
export function isValidatableVersion(tipo: SettlementVersion): boolean {
  return tipo === 'DF' || tipo === 'CD';
}

/** Four eyes: whoever validates must not be whoever last computed. */
export function isValidatorDifferent(settlement: Pick<SettlementFacts, 'calculada_por'>, user: SettlementUser): boolean {
  return settlement.calculada_por !== user.id;
}

/** Whether the user's role grants the Settlements `validate` action. */
export function mayValidate(user: SettlementUser): boolean {
  return user.mayValidate;
}

/** Whether a command names the stored row version (nothing stored yet: nothing to be stale against). */
export function isCurrentVersion(settlement: Pick<SettlementFacts, 'version'> | null, version: number | undefined): boolean {
  return settlement === null || settlement.version === version;
}

/** Only a DF is reconciled: a CD is the reconciled version itself, a PE is no final to claim on. */
export function isReconcilableVersion(tipo: SettlementVersion): boolean {
  return tipo === 'DF';
}

/** A DF gives one CD: once made, claims go on the CD's own lifecycle. */
export function isNotReconciled(settlement: Pick<SettlementFacts, 'conciliada'>): boolean {
  return !settlement.conciliada;
}

/**
 * Why `command` may not happen to `subject` for `user`, or null when it may. Early returns in
 * the order a person would want to hear them: what the settlement is, then who asks, then
 * whether they looked at the current row.
 */
export function settlementRefusal(subject: SettlementSubject, command: SettlementCommand, user: SettlementUser): SettlementRefusal | null {
  const { settlement } = subject;
  switch (command.type) {
    case 'settlement.compute':
      // A new settlement is computed only once its pre-settlement found every input.
      if (settlement === null) return subject.dataAvailable ? null : SETTLEMENT_REFUSALS.dataUnavailable;
      // A validated settlement and its rows never change: a correction is a CD.
      if (settlement.estado === 'validada') return SETTLEMENT_REFUSALS.validated;
      if (!isCurrentVersion(settlement, command.version)) return SETTLEMENT_REFUSALS.stale;
      return null;
    case 'settlement.validate':
      if (settlement === null) return SETTLEMENT_REFUSALS.notFound;
      // Validating is irreversible and happens once.
      if (settlement.estado === 'validada') return SETTLEMENT_REFUSALS.validated;
      if (!isValidatableVersion(settlement.tipo)) return SETTLEMENT_REFUSALS.preliminaryNotValidatable;
      if (!mayValidate(user)) return SETTLEMENT_REFUSALS.forbidden;
      if (!isValidatorDifferent(settlement, user)) return SETTLEMENT_REFUSALS.fourEyes;
      if (!isCurrentVersion(settlement, command.version)) return SETTLEMENT_REFUSALS.stale;
      return null;
    case 'settlement.reconcile':
      if (settlement === null) return SETTLEMENT_REFUSALS.notFound;
      if (!isReconcilableVersion(settlement.tipo)) return SETTLEMENT_REFUSALS.notDf;
      // Claims are made on a final statement; a preliminary DF is simply recomputed.
      if (settlement.estado !== 'validada') return SETTLEMENT_REFUSALS.notValidated;
      if (!isNotReconciled(settlement)) return SETTLEMENT_REFUSALS.alreadyReconciled;
      if (!isCurrentVersion(settlement, command.version)) return SETTLEMENT_REFUSALS.stale;
      return null;
  }
}
