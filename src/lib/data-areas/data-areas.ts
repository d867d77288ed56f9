import type { HttpMethod } from '../api/client';

/**
 * The data areas of spec section 3, each a table of operations -> the call of spec section 7.
 * One declarative table; `runOperation` and `useDataRequest` serve every row.
 */
export interface OperationSpec {
  method: HttpMethod;
  /** Path on the main backend; `:name` segments come from the request's `path` params. */
  path: string;
  /** 'gateway': sent to the older API gateway of `/config.json` (spec section 1). */
  base?: 'api' | 'gateway';
  /** What a success with no body stores (spec section 4); lists by default for reads. */
  empty?: 'list' | 'object';
  /** Body fields the call must not send (spec section 7: `date` for two cash-flow calls). */
  omitBodyKeys?: readonly string[];
  /** Where the payload sits in the response: `data` (user calls) or `data`/`results`/bare. */
  unwrap?: 'data' | 'dataOrResults';
}

type OperationOptions = Pick<OperationSpec, 'base' | 'omitBodyKeys' | 'unwrap'>;

/** An operation whose success with no body stores an empty list (lists and searches). */
function list(method: HttpMethod, path: string, options: OperationOptions = {}): OperationSpec {
  return { method, path, empty: 'list', ...options };
}

/** An operation whose success with no body stores an empty object (one record, writes). */
function object(method: HttpMethod, path: string, options: OperationOptions = {}): OperationSpec {
  return { method, path, empty: 'object', ...options };
}

const REPORTS = [
  'estimaciones-mex',
  'contratos-locales-mex',
  'energia-mex',
  'saldo-mex',
  'estimaciones-sv',
  'energia-sv',
  'saldo-sv',
  'facturacion-excel',
  'estimaciones-gtm',
  'respaldo-gtm',
  'financiero-local-gtm',
  'saldo-gtm',
  'contratros-gtm-mex',
  'contratos-eor-regional',
  'energia-gtm',
  'liquidacion-eor-preliminar',
  'liquidacion-cenace-preliminar',
  'liquidacion-eor-top-preliminar',
  'liquidacion-ercot-top-preliminar',
  'liquidacion-potencia-preliminar',
  'liquidacion-energia-generada-preliminar',
  'reporte-preliminar-excel',
] as const;

type ReportName = (typeof REPORTS)[number];

const reports = Object.fromEntries(
  REPORTS.map((name) => [name, list('POST', `/reportes/api/v1/${name}`)]),
) as Record<ReportName, OperationSpec>;

const COMPANY = '/empresas/api/v1';
const CONTACT = '/contact/api/v1';
const CONTRACT = '/contratos/api/v1';
const ANNEX = '/anexos/api/v1';
const FILES = '/files/api/v1';
const SETTLEMENT = '/liquidacion/api/v3';
const INVOICE = '/facturacion/api/v1';
const COUNTRIES = '/countries/api/v1';
const CASH_FLOW = '/flujo-caja/api/v1';
const MONITORING = '/monitoreo/api/v1';
const ERCOT = '/ercot/api/v1';
const LOG_BOOK = '/bitacoras/api/v1';
const USERS = '/api/v2';

export const DATA_AREAS = {
  company: {
    create: object('POST', `${COMPANY}/post`),
    getOne: object('GET', `${COMPANY}/get-once/:id`),
    update: object('PATCH', `${COMPANY}/update/:id`),
    remove: object('DELETE', `${COMPANY}/delete/:id`),
  },
  contact: {
    create: object('POST', '/contactos', { base: 'gateway' }),
    getOne: list('GET', `${CONTACT}/get-once/:id`),
    update: object('POST', `${CONTACT}/update`),
    remove: object('POST', `${CONTACT}/delete`),
  },
  contract: {
    create: object('POST', `${CONTRACT}/create`),
    getOne: object('GET', `${CONTRACT}/get-once-contract/:id`),
    update: object('PATCH', `${CONTRACT}/update/:id`),
    remove: object('POST', `${CONTRACT}/delete`),
  },
  annex: {
    create: object('POST', `${ANNEX}/create`),
    getOne: object('GET', `${ANNEX}/get-once/:id`),
    update: object('PATCH', `${ANNEX}/update/:id`),
    remove: object('POST', `${ANNEX}/delete`),
    refreshSettlements: object('POST', `${ANNEX}/store-procedure-liquidations/`),
    refreshPowerSettlements: object('POST', `${ANNEX}/store-procedure-liquidations-potencia/`),
  },
  files: {
    upload: object('POST', `${FILES}/once-file-updload`),
    fileTypes: list('GET', `${FILES}/archivos/`),
    getFile: object('POST', `${FILES}/get-file`),
    update: object('PATCH', `${FILES}/update`),
    sendMail: object('POST', `${FILES}/send-mail`),
  },
  liquidacion: {
    summary: list('POST', `${SETTLEMENT}/resumen`),
    accumulatedMargin: list('POST', `${SETTLEMENT}/liquidations`),
    contracts: list('POST', `${SETTLEMENT}/contracts`),
    guaranteeHistory: list('POST', '/garantias/api/v1/get-garantias-historicas'),
  },
  factura: {
    getOne: list('GET', `${INVOICE}/get/:id`),
    process: object('POST', `${INVOICE}/procesar`),
  },
  countries: {
    charges: list('POST', `${COUNTRIES}/cargo/`),
    createCharge: object('POST', `${COUNTRIES}/create/cargo/`),
    updateCharge: object('POST', `${COUNTRIES}/update/cargo/`),
    processCharges: object('POST', `${COUNTRIES}/cargos-proceso`),
  },
  accounting: {
    accountStatement: list('POST', '/estado_de_cuenta/api/v1/get'),
    cashFlowBranches: list('POST', `${CASH_FLOW}/flujo-caja-sucursales`, { omitBodyKeys: ['date'] }),
    cashFlowAccumulated: list('POST', `${CASH_FLOW}/flujo-caja-acumulado`, { omitBodyKeys: ['date'] }),
    cashFlowDates: list('POST', `${CASH_FLOW}/flujo-caja-fechas`),
  },
  monitoring: {
    buyersSellers: list('GET', `${MONITORING}/lista-compradores-vendedores`),
    powerTotal: list('POST', `${MONITORING}/potencia-total`),
    powerBuyersSellers: list('POST', `${MONITORING}/potencia-compradores-vendedores`),
    energyTotal: list('POST', `${MONITORING}/energia-total`),
    energyBuyersSellers: list('POST', `${MONITORING}/energia-compradores-vendedores`),
    energy: list('GET', `${MONITORING}/energia`),
  },
  ercot: {
    settledBids: list('POST', `${ERCOT}/settled-bids`),
    settlementPoints: list('POST', `${ERCOT}/settlement_points`),
    accumulated: list('POST', `${ERCOT}/acumulados`),
  },
  reports,
  logBook: {
    activeAnnexes: list('GET', `${LOG_BOOK}/anexos-activos`),
    sentSummaryAnnexes: list('GET', `${LOG_BOOK}/anexos-resumen-enviados`),
    availableSummaryAnnexes: list('GET', `${LOG_BOOK}/anexos-resumen-disponibles`),
    create: object('POST', `${LOG_BOOK}/create`),
    prices: list('GET', `${LOG_BOOK}/precios`),
    topInjectionOffers: list('GET', `${LOG_BOOK}/ofertas-top-inyeccion`),
    updateTopInjectionOffers: object('PATCH', `${LOG_BOOK}/update-ofertas-top-inyeccion`),
    updateTopWithdrawalOffers: object('POST', `${LOG_BOOK}/update-ofertas-top-retiro`),
    mexExportOffers: list('GET', `${LOG_BOOK}/get-mex-ofertas-api`),
    updateMexExportOffers: object('PATCH', `${LOG_BOOK}/update-mex-ofertas-api`),
    mexImportOffers: list('GET', `${LOG_BOOK}/get-mex-ofertas-impo-api`),
    updateMexImportOffers: object('PATCH', `${LOG_BOOK}/update-mex-ofertas-impo-api`),
    activeMexImportAnnexes: list('GET', `${LOG_BOOK}/anexos-activos-impomex`),
    createMexImportAgents: object('POST', `${LOG_BOOK}/create-mex-ofertas-impo-agentes`),
    mexImportAgents: list('GET', `${LOG_BOOK}/get-mex-ofertas-impo-agentes`, { unwrap: 'dataOrResults' }),
    activeAmmAnnexes: list('GET', `${LOG_BOOK}/anexos-activos-filtro`),
    createAmm: object('POST', `${LOG_BOOK}/create-amm`),
  },
  permissions: {
    users: list('GET', `${USERS}/user`, { unwrap: 'data' }),
    userPermissions: list('GET', `${USERS}/get-permisos-usuario/:id`),
    catalogue: list('GET', `${USERS}/get-permisos-catalogo`),
    updateUserPermissions: object('PUT', `${USERS}/update-permisos-usuarios/:id`),
    createUser: object('POST', `${USERS}/create-user`),
    userByEmail: list('GET', `${USERS}/get-once/:email`, { unwrap: 'data' }),
  },
} as const satisfies Record<string, Record<string, OperationSpec>>;

export type DataArea = keyof typeof DATA_AREAS;
export type DataOperation<A extends DataArea> = keyof (typeof DATA_AREAS)[A] & string;
