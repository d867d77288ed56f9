import type { FromSchema } from 'json-schema-to-ts';
import { addDecimals, compareDecimals, isExactDecimal, multiplyDecimals, subtractDecimals } from './exact-decimal';
import { isoDate } from './date.schema';
import { OPERATOR_BRANCHES } from './guarantee.schema';

// The pre-flight credit check of a Sube Planillas run (docs/guarantees.md "Pre-flight check"):
// the most the run's bids may cost (each hour bid: MW x bid price, one hour) against the value
// still available of the EOR guarantee of the branch that bids at each node. The selection page
// shows these figures as the trader ticks hours; the server judges the run with the same rules.

/** `GET /procesos/api/v1/sube/credito?fecha_operacion=` query. */
export const merCreditQuerySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha_operacion'],
  properties: { fecha_operacion: isoDate },
} as const;
export type MerCreditQuery = FromSchema<typeof merCreditQuerySchema>;

/** What an EOR branch's guarantee has left today (USD): guaranteed - (known + potential liabilities). */
export const creditBranchSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['sucursal', 'moneda', 'monto_garantizado', 'rea', 'disponible'],
  properties: {
    sucursal: { type: 'string' },
    moneda: { type: 'string' },
    monto_garantizado: { type: 'string' },
    rea: { type: 'string' },
    disponible: { type: 'string' },
  },
} as const;
export type CreditBranch = FromSchema<typeof creditBranchSchema>;

/** The day's MER credit: each branch's available value, and the branch that bids at each node of the day's annexes. */
export const merCreditSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['fecha', 'sucursales', 'nodos'],
  properties: {
    /** The day the guarantees' position is of (today). */
    fecha: { type: 'string' },
    sucursales: { type: 'array', items: creditBranchSchema },
    /** The branch of the contract that names each node of the day's MER annexes (`nodeBranchOf` reads it). */
    nodos: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['nodo', 'sucursal'],
        properties: { nodo: { type: 'string' }, sucursal: { type: 'string' } },
      },
    },
  },
} as const;
export type MerCredit = FromSchema<typeof merCreditSchema>;

/** An hour of a bid run as the check reads it. */
interface BidHourFigures {
  nodo: string;
  potencia_oferta: string;
  precio_oferta: string;
  ofertar: boolean;
}

/** The bids of one branch (null: nodes no branch of ours bids at in the MER). */
export interface BranchExposure {
  sucursal: string | null;
  exposicion: string;
  horas: number;
}

/** One branch whose bids cost more than its guarantee has left: by how much. */
export interface CreditShortfall extends BranchExposure {
  disponible: string;
  faltante: string;
}

/**
 * The branch that bids at `nodo` in the MER: its country when that is a branch of ours there (a
 * node code starts with its country: `GT-ESC-230`), else the branch of the contract that names
 * it on the day (`credit.nodos`; a regional contract's node in Honduras is bid by its branch),
 * else none (no guarantee covers it).
 */
export function nodeBranchOf(credit: Pick<MerCredit, 'nodos'>): (nodo: string) => string | null {
  const contractBranches = new Map(credit.nodos.map(({ nodo, sucursal }) => [nodo, sucursal]));
  const eorBranches: readonly string[] = OPERATOR_BRANCHES.EOR;
  return (nodo) => {
    const country = nodo.split('-', 1)[0] ?? '';
    return eorBranches.includes(country) ? country : (contractBranches.get(nodo) ?? null);
  };
}

/** The most each branch's bids may cost: Σ MW x price of the hours bid (hours with a figure that is no decimal yet are left out: the selection's own rules refuse them). */
export function bidExposures(horas: readonly BidHourFigures[], branchOf: (nodo: string) => string | null): BranchExposure[] {
  const byBranch = new Map<string | null, BranchExposure>();
  for (const hour of horas) {
    if (!hour.ofertar || !isExactDecimal(hour.potencia_oferta) || !isExactDecimal(hour.precio_oferta)) continue;
    const sucursal = branchOf(hour.nodo);
    const current = byBranch.get(sucursal) ?? { sucursal, exposicion: '0', horas: 0 };
    byBranch.set(sucursal, { sucursal, exposicion: addDecimals(current.exposicion, multiplyDecimals(hour.potencia_oferta, hour.precio_oferta)), horas: current.horas + 1 });
  }
  return [...byBranch.values()].sort((a, b) => (a.sucursal ?? '~').localeCompare(b.sucursal ?? '~'));
}

/** The branches whose exposure is over what their guarantee has left (a branch without a guarantee, or nodes of no branch, have 0 left). */
export function creditShortfalls(exposures: readonly BranchExposure[], sucursales: readonly Pick<CreditBranch, 'sucursal' | 'disponible'>[]): CreditShortfall[] {
  const available = new Map(sucursales.map((branch) => [branch.sucursal, branch.disponible]));
  return exposures.flatMap((exposure) => {
    const disponible = (exposure.sucursal !== null && available.get(exposure.sucursal)) || '0';
    return compareDecimals(exposure.exposicion, disponible) > 0 ? [{ ...exposure, disponible, faltante: subtractDecimals(exposure.exposicion, disponible) }] : [];
  });
}
