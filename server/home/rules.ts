// Which of Home's cards a caller gets (docs/home.md): each card only for who may act on, or
// open, the page it leads to, decided by the same rules those pages' routes and use cases
// apply. A card that is not allowed is not computed at all, not merely hidden by the browser.
import { mayIssue } from '../../machines/invoicing/invoice-rules';
import { PENDING_RUN_KINDS } from '../../schemas/home.schema';
import type { CountryCode } from '../../schemas/role.schema';
import { mayPerform } from '../authz/authorize';
import type { Caller } from '../authz/caller';
import { invoiceUserOf } from '../invoicing/rules';
import { visibleTipos } from '../jobs/rules';
import { hasPermission } from '../plugins/auth';
import { RUN_JOB_TYPES } from '../processes/job-types';
import { settlementAction, settlementUserOf } from '../settlements/rules';

/** What Home computes for a caller: a country where a card is about one country's records, null for a card not allowed. */
export interface PendingScope {
  email: string;
  /** Where the caller validates settlements. */
  validateIn: CountryCode | null;
  /** Where the caller issues invoices. */
  issueIn: CountryCode | null;
  runs: boolean;
  guaranteeAlerts: boolean;
  marketData: boolean;
  /** The job types whose failures the caller follows (beside their own jobs), or null. */
  failedJobTypes: string[] | null;
}

/** The country whose computed settlements the caller may validate, or null. */
function validatingCountry(caller: Caller): CountryCode | null {
  // The settlements' pages and routes are behind the view key.
  if (!hasPermission(caller.user, 'liquidaciones')) return null;
  // Roles act in their own country only, and only a role that grants Settlements `validate` validates.
  const pais = caller.role?.pais;
  if (!pais || !settlementUserOf(caller, pais).mayValidate) return null;
  return pais;
}

/** The country whose requested invoices the caller may issue, or null. */
function issuingCountry(caller: Caller): CountryCode | null {
  // Issuing needs the invoicing view key and the grant that makes money final, in the role's own country.
  const pais = caller.role?.pais;
  if (!pais || !mayIssue(invoiceUserOf(caller, pais))) return null;
  return pais;
}

/** Whether the caller may open the market-data page and read its coverage. */
function mayReadMarketData({ user, role }: Caller): boolean {
  // The page is behind the view key, and its coverage call behind the role's Settlements `view`.
  return hasPermission(user, 'liquidaciones') && mayPerform(user, role, settlementAction('view'));
}

/** The job types of Registra's and Sube's runs: their failures are on the runs' card, not among the failed jobs. */
export const RUN_CARD_JOB_TYPES: readonly string[] = PENDING_RUN_KINDS.map((kind) => RUN_JOB_TYPES[kind]);

/** The job types whose failures Home lists for `caller`, or null when they follow none. */
function failedJobTypes({ user }: Caller): string[] | null {
  const tipos = visibleTipos(user).filter((tipo) => !RUN_CARD_JOB_TYPES.includes(tipo));
  // A user who follows no area's work gets no card, even for the jobs they once asked for.
  return tipos.length > 0 ? tipos : null;
}

/** Which cards `caller` gets, and the country each country-bound card is about. */
export function pendingScope(caller: Caller): PendingScope {
  const { user } = caller;
  return {
    email: user.email,
    validateIn: validatingCountry(caller),
    issueIn: issuingCountry(caller),
    runs: hasPermission(user, 'acciones'),
    guaranteeAlerts: hasPermission(user, 'monitoreo'),
    marketData: mayReadMarketData(caller),
    failedJobTypes: failedJobTypes(caller),
  };
}
