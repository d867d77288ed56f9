// Field rules of the settlement area (DOMAIN.md, Settlements): the versions of market data and
// of settlements, a settlement's states, and the national charge kinds the engine reads.

/**
 * PE preliminary (ex-ante prices, estimated measurements), DF final (the operator's official
 * statement), CD reconciled (after claims). Market data comes in the same three versions, so
 * a settlement of one version reads the data of that version.
 */
export const SETTLEMENT_VERSIONS = ['PE', 'DF', 'CD'] as const;
export type SettlementVersion = (typeof SETTLEMENT_VERSIONS)[number];

/** A settlement is prepared (and may be recomputed) while preliminar; validada is final. */
export const SETTLEMENT_STATES = ['preliminar', 'validada'] as const;
export type SettlementState = (typeof SETTLEMENT_STATES)[number];

/**
 * The national charge rates the hourly row uses ($/MWh): the injection-side rate (MMi), the
 * withdrawal-side rate (MMr) and the main transmission toll.
 */
export const CHARGE_KINDS = ['MMi', 'MMr', 'peaje_principal'] as const;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

/** Hourly periods of a day in Central America and Mexico (no daylight saving time). */
export const PERIODS_PER_DAY = 24;
