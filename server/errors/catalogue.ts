// The error-code catalogue (ARCHITECTURE.md, Errors): every failure the API answers is one of
// these, and each code has the i18n key `errors.<CODE>` in both language files.
import createError from '@fastify/error';

/** One error body field per problem, so forms can show a server error beside its field. */
export type ErrorDetail = {
  instancePath: string;
  keyword?: string;
  message: string;
  /** What the message names, for the page's translation of it (`keyword` is its key). */
  params?: Record<string, string | number | null>;
};

/**
 * Error constructors, one per code. The message is the English fallback for logs and API
 * callers; the browser shows the translation of `errors.<code>` instead.
 */
export const AppErrors = {
  requestInvalid: createError('APP_ERR_REQUEST_INVALID', 'The request is not valid', 400),
  requestMalformed: createError('APP_ERR_REQUEST_MALFORMED', 'The request body could not be read', 400),
  requestTooLarge: createError('APP_ERR_REQUEST_TOO_LARGE', 'The request body is too large', 413),
  requestUnsupportedMediaType: createError(
    'APP_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE',
    'The request content type is not supported',
    415,
  ),
  routeNotFound: createError('APP_ERR_ROUTE_NOT_FOUND', 'There is no such route', 404),
  authUnauthenticated: createError('APP_ERR_AUTH_UNAUTHENTICATED', 'A valid bearer token is required', 401),
  authForbidden: createError('APP_ERR_AUTH_FORBIDDEN', 'You do not have permission for this action', 403),
  serverInternal: createError('APP_ERR_SERVER_INTERNAL', 'Something went wrong on the server', 500),
  // Administration: users, roles, permissions, audit.
  recordStale: createError('APP_ERR_RECORD_STALE', 'Someone else changed this record; reload it and try again', 409),
  userNotFound: createError('APP_ERR_USER_NOT_FOUND', 'There is no such user', 404),
  userDuplicateEmail: createError('APP_ERR_USER_DUPLICATE_EMAIL', 'A user with this e-mail already exists', 409),
  userHostedIdentity: createError(
    'APP_ERR_USER_HOSTED_IDENTITY',
    'Accounts of the hosted identity service are created in that service, not here',
    501,
  ),
  userRoleInvalid: createError('APP_ERR_USER_ROLE_INVALID', 'The role does not exist or belongs to another country', 400),
  userStatusTransition: createError('APP_ERR_USER_STATUS_TRANSITION', 'This status change is not allowed', 409),
  userSelfLockout: createError(
    'APP_ERR_USER_SELF_LOCKOUT',
    'You cannot remove your own admin permission nor deactivate yourself',
    409,
  ),
  userLastAdmin: createError('APP_ERR_USER_LAST_ADMIN', 'The last active administrator must keep the admin permission', 409),
  roleNotFound: createError('APP_ERR_ROLE_NOT_FOUND', 'There is no such role', 404),
  roleDuplicate: createError('APP_ERR_ROLE_DUPLICATE', 'A role with this name already exists in this country', 409),
  roleNeedsView: createError('APP_ERR_ROLE_NEEDS_VIEW', 'A role cannot create, edit, delete or validate on a page it cannot view', 400),
  roleInUse: createError('APP_ERR_ROLE_IN_USE', 'Users have this role: it cannot be deleted or moved to another country', 409),
  auditNotFound: createError('APP_ERR_AUDIT_NOT_FOUND', 'There is no such audit entry', 404),
  // Files: upload limits, content check, look-up by key.
  fileTooLarge: createError('APP_ERR_FILE_TOO_LARGE', 'The file is larger than 25 MB', 413),
  fileType: createError('APP_ERR_FILE_TYPE', 'Only PDF, PNG, JPEG and XML files are accepted', 415),
  fileMissing: createError('APP_ERR_FILE_MISSING', 'The request carries no file', 400),
  fileNotFound: createError('APP_ERR_FILE_NOT_FOUND', 'There is no such file', 404),
  // Commercial relations: companies, contacts; dependent deletes of any entity.
  recordInUse: createError('APP_ERR_RECORD_IN_USE', 'Other records depend on this one: it cannot be deleted', 409),
  companyNotFound: createError('APP_ERR_COMPANY_NOT_FOUND', 'There is no such company', 404),
  companyDuplicate: createError('APP_ERR_COMPANY_DUPLICATE', 'A company with this tax id already exists in this country', 409),
  contactNotFound: createError('APP_ERR_CONTACT_NOT_FOUND', 'There is no such contact', 404),
  contactLast: createError('APP_ERR_CONTACT_LAST', 'A company keeps at least one contact: add another before removing this one', 409),
  // Contracts and annexes.
  contractNotFound: createError('APP_ERR_CONTRACT_NOT_FOUND', 'There is no such contract', 404),
  annexNotFound: createError('APP_ERR_ANNEX_NOT_FOUND', 'There is no such annex', 404),
  // Settlements and the market data they read.
  marketDataInvalid: createError('APP_ERR_MARKET_DATA_INVALID', 'The file has problems: nothing was imported', 400),
  chargePeriodOverlap: createError(
    'APP_ERR_CHARGE_PERIOD_OVERLAP',
    'The period overlaps another rate of the same country and charge: a day has one rate of each charge',
    409,
  ),
  // Country charges.
  chargeNotFound: createError('APP_ERR_CHARGE_NOT_FOUND', 'There is no such charge', 404),
  chargeUsedByValidated: createError(
    'APP_ERR_CHARGE_USED_BY_VALIDATED',
    'A validated settlement used this rate: close its period and open a new one instead of changing it',
    409,
  ),
  settlementFinal: createError('APP_ERR_SETTLEMENT_FINAL', 'A validated settlement is final: it cannot be changed or deleted', 409),
  // The refusals of the settlement lifecycle (machines/settlements/settlement-rules.ts).
  settlementNotFound: createError('APP_ERR_SETTLEMENT_NOT_FOUND', 'There is no such settlement', 404),
  settlementDataUnavailable: createError('APP_ERR_SETTLEMENT_DATA_UNAVAILABLE', 'The data this settlement needs is not all loaded', 409),
  settlementValidated: createError('APP_ERR_SETTLEMENT_VALIDATED', 'The settlement is already validated', 409),
  settlementPeNotValidatable: createError('APP_ERR_SETTLEMENT_PE_NOT_VALIDATABLE', 'A preliminary (PE) settlement is never validated', 409),
  settlementFourEyes: createError('APP_ERR_SETTLEMENT_FOUR_EYES', 'Who last computed a settlement may not validate it', 403),
  settlementNotDf: createError('APP_ERR_SETTLEMENT_NOT_DF', 'Only a final (DF) settlement is reconciled', 409),
  settlementNotValidated: createError('APP_ERR_SETTLEMENT_NOT_VALIDATED', 'The settlement must be validated first', 409),
  settlementReconciled: createError('APP_ERR_SETTLEMENT_RECONCILED', 'This settlement was already reconciled', 409),
  settlementTransition: createError('APP_ERR_SETTLEMENT_TRANSITION', 'This change of the settlement is not allowed', 409),
  // Long work.
  jobNotFound: createError('APP_ERR_JOB_NOT_FOUND', 'There is no such job', 404),
  jobNotStoppable: createError('APP_ERR_JOB_NOT_STOPPABLE', 'This job cannot be stopped: its type does not allow it, or it has ended', 409),
  // Billing reports (docs/api-reports.md): a job's workbook asked for before the job wrote it.
  reportNotReady: createError('APP_ERR_REPORT_NOT_READY', 'The report is still being written: download it once its job has ended', 409),
  // Bid processes (docs/processes.md; the refusals of machines/processes/run-rules.ts).
  processRunNotFound: createError('APP_ERR_PROCESS_RUN_NOT_FOUND', 'There is no such run', 404),
  processRunEnded: createError('APP_ERR_PROCESS_RUN_ENDED', 'The run has already ended: it cannot be stopped', 409),
  processRunTransition: createError('APP_ERR_PROCESS_RUN_TRANSITION', 'This change of the run is not allowed', 409),
  // Log books (docs/logbooks.md): the EOR's predespacho workbook import.
  predespachoInvalid: createError('APP_ERR_PREDESPACHO_INVALID', 'The predespacho workbook has problems: nothing was imported', 400),
  // Invoicing (docs/invoicing.md, docs/api-invoicing.md): drafting from a settlement.
  invoiceNotFound: createError('APP_ERR_INVOICE_NOT_FOUND', 'There is no such invoice', 404),
  invoiceSettlementPreliminary: createError('APP_ERR_INVOICE_SETTLEMENT_PRELIMINARY', 'A preliminary (PE) settlement is never invoiced', 409),
  invoiceSettlementNotValidated: createError('APP_ERR_INVOICE_SETTLEMENT_NOT_VALIDATED', 'Only a validated settlement is invoiced', 409),
  invoiceExists: createError('APP_ERR_INVOICE_EXISTS', 'This settlement already has its invoice or note', 409),
  invoicePreviousMissing: createError(
    'APP_ERR_INVOICE_PREVIOUS_MISSING',
    'The settlement this reconciliation corrects has no invoice or note yet: draft that one first',
    409,
  ),
  invoiceNothingToCorrect: createError('APP_ERR_INVOICE_NOTHING_TO_CORRECT', 'The reconciliation invoices the same amount as the settlement before it: there is nothing to correct', 409),
  invoiceVatRateMissing: createError('APP_ERR_INVOICE_VAT_RATE_MISSING', 'There is no VAT rate of the contract\'s country in force for the month', 409),
  invoiceExchangeRateMissing: createError('APP_ERR_INVOICE_EXCHANGE_RATE_MISSING', 'The settlement has no MXN per USD exchange rate: a Mexican document needs one', 409),
  invoiceNumberTaken: createError('APP_ERR_INVOICE_NUMBER_TAKEN', 'Another document already has this number', 409),
  // The refusals of the invoice lifecycle (machines/invoicing/invoice-rules.ts, INVOICE_REFUSALS).
  invoiceNotDraft: createError('APP_ERR_INVOICE_NOT_DRAFT', 'Only a draft is edited or requested: a correction is a credit or debit note', 409),
  invoiceNotRequested: createError('APP_ERR_INVOICE_NOT_REQUESTED', 'The invoice must be requested before it is issued', 409),
  invoiceIssued: createError('APP_ERR_INVOICE_ISSUED', 'The invoice is already issued', 409),
  invoiceFourEyes: createError('APP_ERR_INVOICE_FOUR_EYES', 'Who requested an invoice may not issue it', 403),
  invoiceIssueIncomplete: createError('APP_ERR_INVOICE_ISSUE_INCOMPLETE', 'Issuing needs the number, the date and both documents (PDF or XML)', 409),
  invoiceNotIssued: createError('APP_ERR_INVOICE_NOT_ISSUED', 'A payment is recorded only on an issued invoice', 409),
  invoiceReconciled: createError('APP_ERR_INVOICE_RECONCILED', 'The invoice is already paid in full', 409),
  invoicePaymentNotPositive: createError('APP_ERR_INVOICE_PAYMENT_NOT_POSITIVE', 'A payment must be more than 0', 409),
  invoicePaymentCurrency: createError('APP_ERR_INVOICE_PAYMENT_CURRENCY', 'A payment is in the invoice\'s currency', 409),
  invoiceOverpayment: createError('APP_ERR_INVOICE_OVERPAYMENT', 'The payment is more than what is still owed', 409),
  invoiceFinal: createError('APP_ERR_INVOICE_FINAL', 'A requested or issued document, its lines and its payments are final: a correction is a credit or debit note', 409),
  invoiceTransition: createError('APP_ERR_INVOICE_TRANSITION', 'This change of the invoice is not allowed', 409),
  // The refusals of the log book lifecycle (machines/logbooks/logbook.machine.ts).
  logbookClosed: createError('APP_ERR_LOGBOOK_CLOSED', "The market's gate has closed for this operating day: its log book no longer changes", 409),
  logbookSent: createError('APP_ERR_LOGBOOK_SENT', 'The log book of this day was sent: prepare its next version to change it', 409),
  logbookEmpty: createError('APP_ERR_LOGBOOK_EMPTY', 'A log book without offers is not sent', 409),
  logbookReplaced: createError('APP_ERR_LOGBOOK_REPLACED', 'This log book was replaced by a later version', 409),
  importAgentDuplicate: createError('APP_ERR_IMPORT_AGENT_DUPLICATE', 'This agent already has a period from that day', 409),
  // Guarantees.
  guaranteeNotFound: createError('APP_ERR_GUARANTEE_NOT_FOUND', 'There is no such guarantee instrument', 404),
  guaranteeNumberTaken: createError('APP_ERR_GUARANTEE_NUMBER_TAKEN', 'The issuer already has an instrument with this number at this operator', 409),
  guaranteeShort: createError('APP_ERR_GUARANTEE_SHORT', "The run's bids may cost more than the EOR guarantee has available: nothing was started", 409),
  logbookNotSent: createError('APP_ERR_LOGBOOK_NOT_SENT', 'Only a sent log book has a next version', 409),
  // ERCOT (docs/api-ercot.md): the settlement points a call names.
  ercotPointUnknown: createError('APP_ERR_ERCOT_POINT_UNKNOWN', 'The catalogue has no settlement point of this name', 400),
  ercotPointNotFound: createError('APP_ERR_ERCOT_POINT_NOT_FOUND', 'There is no such settlement point', 404),
  ercotPointInUse: createError(
    'APP_ERR_ERCOT_POINT_IN_USE',
    'Prices or awards of this point are stored for days outside the new validity: nothing was changed',
    409,
  ),
} as const;

/** Every catalogue entry as data: the i18n parity test and the error handler read it. */
export const ERROR_CATALOGUE: ReadonlyArray<{ code: string; statusCode: number; message: string; Ctor: new () => Error }> =
  Object.values(AppErrors).map((Ctor) => {
    const sample = new Ctor();
    return { code: sample.code, statusCode: sample.statusCode ?? 500, message: sample.message, Ctor };
  });

const CONSTRUCTORS_BY_CODE = new Map(ERROR_CATALOGUE.map((entry) => [entry.code, entry.Ctor]));
const CATALOGUE_CODES = new Set(CONSTRUCTORS_BY_CODE.keys());

/**
 * The catalogue error of `code` (the machines' refusals are catalogue codes, so a route throws
 * `errorForCode(verdict.code)` instead of keeping its own table). An unknown code is a
 * programming error: it throws at once rather than answer with a code the browser cannot read.
 */
export function errorForCode(code: string): Error {
  const Ctor = CONSTRUCTORS_BY_CODE.get(code);
  if (!Ctor) throw new Error(`${code} is not in the error catalogue`);
  return new Ctor();
}

/** Whether an error was raised from this catalogue (so its code and message may be shown). */
export function isCatalogueError(error: unknown): error is Error & { code: string; statusCode: number } {
  return (
    error instanceof Error &&
    typeof (error as unknown as { code?: unknown }).code === 'string' &&
    CATALOGUE_CODES.has((error as unknown as { code: string }).code)
  );
}

/** Attaches per-field details to a catalogue error (the error body's `details`). */
export function withDetails<E extends Error>(error: E, details: ErrorDetail[]): E & { details: ErrorDetail[] } {
  return Object.assign(error, { details });
}

/** A 400 `APP_ERR_REQUEST_INVALID` carrying the rules' field details (beyond what the JSON Schema says). */
export function invalidRequest(details: ErrorDetail[]): Error & { details: ErrorDetail[] } {
  return withDetails(new AppErrors.requestInvalid(), details);
}
