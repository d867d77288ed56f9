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
  REPORTS.map((name) => [name, { method: 'POST', path: `/reportes/api/v1/${name}`, empty: 'list' }]),
) as Record<ReportName, OperationSpec>;

const LOG_BOOK = '/bitacoras/api/v1';
const MONITORING = '/monitoreo/api/v1';

export const DATA_AREAS = {
  company: {
    create: { method: 'POST', path: '/empresas/api/v1/post', empty: 'object' },
    getOne: { method: 'GET', path: '/empresas/api/v1/get-once/:id', empty: 'object' },
    update: { method: 'PATCH', path: '/empresas/api/v1/update/:id', empty: 'object' },
    remove: { method: 'DELETE', path: '/empresas/api/v1/delete/:id', empty: 'object' },
  },
  contact: {
    create: { method: 'POST', path: '/contactos', base: 'gateway', empty: 'object' },
    getOne: { method: 'GET', path: '/contact/api/v1/get-once/:id', empty: 'list' },
    update: { method: 'POST', path: '/contact/api/v1/update', empty: 'object' },
    remove: { method: 'POST', path: '/contact/api/v1/delete', empty: 'object' },
  },
  contract: {
    create: { method: 'POST', path: '/contratos/api/v1/create', empty: 'object' },
    getOne: { method: 'GET', path: '/contratos/api/v1/get-once-contract/:id', empty: 'object' },
    update: { method: 'PATCH', path: '/contratos/api/v1/update/:id', empty: 'object' },
    remove: { method: 'POST', path: '/contratos/api/v1/delete', empty: 'object' },
  },
  annex: {
    create: { method: 'POST', path: '/anexos/api/v1/create', empty: 'object' },
    getOne: { method: 'GET', path: '/anexos/api/v1/get-once/:id', empty: 'object' },
    update: { method: 'PATCH', path: '/anexos/api/v1/update/:id', empty: 'object' },
    remove: { method: 'POST', path: '/anexos/api/v1/delete', empty: 'object' },
    refreshSettlements: { method: 'POST', path: '/anexos/api/v1/store-procedure-liquidations/', empty: 'object' },
    refreshPowerSettlements: {
      method: 'POST',
      path: '/anexos/api/v1/store-procedure-liquidations-potencia/',
      empty: 'object',
    },
  },
  files: {
    upload: { method: 'POST', path: '/files/api/v1/once-file-updload', empty: 'object' },
    fileTypes: { method: 'GET', path: '/files/api/v1/archivos/', empty: 'list' },
    getFile: { method: 'POST', path: '/files/api/v1/get-file', empty: 'object' },
    update: { method: 'PATCH', path: '/files/api/v1/update', empty: 'object' },
    sendMail: { method: 'POST', path: '/files/api/v1/send-mail', empty: 'object' },
  },
  liquidacion: {
    summary: { method: 'POST', path: '/liquidacion/api/v3/resumen', empty: 'list' },
    accumulatedMargin: { method: 'POST', path: '/liquidacion/api/v3/liquidations', empty: 'list' },
    contracts: { method: 'POST', path: '/liquidacion/api/v3/contracts', empty: 'list' },
    guaranteeHistory: { method: 'POST', path: '/garantias/api/v1/get-garantias-historicas', empty: 'list' },
  },
  factura: {
    getOne: { method: 'GET', path: '/facturacion/api/v1/get/:id', empty: 'list' },
    process: { method: 'POST', path: '/facturacion/api/v1/procesar', empty: 'object' },
  },
  countries: {
    charges: { method: 'POST', path: '/countries/api/v1/cargo/', empty: 'list' },
    createCharge: { method: 'POST', path: '/countries/api/v1/create/cargo/', empty: 'object' },
    updateCharge: { method: 'POST', path: '/countries/api/v1/update/cargo/', empty: 'object' },
    processCharges: { method: 'POST', path: '/countries/api/v1/cargos-proceso', empty: 'object' },
  },
  accounting: {
    accountStatement: { method: 'POST', path: '/estado_de_cuenta/api/v1/get', empty: 'list' },
    cashFlowBranches: {
      method: 'POST',
      path: '/flujo-caja/api/v1/flujo-caja-sucursales',
      empty: 'list',
      omitBodyKeys: ['date'],
    },
    cashFlowAccumulated: {
      method: 'POST',
      path: '/flujo-caja/api/v1/flujo-caja-acumulado',
      empty: 'list',
      omitBodyKeys: ['date'],
    },
    cashFlowDates: { method: 'POST', path: '/flujo-caja/api/v1/flujo-caja-fechas', empty: 'list' },
  },
  monitoring: {
    buyersSellers: { method: 'GET', path: `${MONITORING}/lista-compradores-vendedores`, empty: 'list' },
    powerTotal: { method: 'POST', path: `${MONITORING}/potencia-total`, empty: 'list' },
    powerBuyersSellers: { method: 'POST', path: `${MONITORING}/potencia-compradores-vendedores`, empty: 'list' },
    energyTotal: { method: 'POST', path: `${MONITORING}/energia-total`, empty: 'list' },
    energyBuyersSellers: { method: 'POST', path: `${MONITORING}/energia-compradores-vendedores`, empty: 'list' },
    energy: { method: 'GET', path: `${MONITORING}/energia`, empty: 'list' },
  },
  ercot: {
    settledBids: { method: 'POST', path: '/ercot/api/v1/settled-bids', empty: 'list' },
    settlementPoints: { method: 'POST', path: '/ercot/api/v1/settlement_points', empty: 'list' },
    accumulated: { method: 'POST', path: '/ercot/api/v1/acumulados', empty: 'list' },
  },
  reports,
  logBook: {
    activeAnnexes: { method: 'GET', path: `${LOG_BOOK}/anexos-activos`, empty: 'list' },
    sentSummaryAnnexes: { method: 'GET', path: `${LOG_BOOK}/anexos-resumen-enviados`, empty: 'list' },
    availableSummaryAnnexes: { method: 'GET', path: `${LOG_BOOK}/anexos-resumen-disponibles`, empty: 'list' },
    create: { method: 'POST', path: `${LOG_BOOK}/create`, empty: 'object' },
    prices: { method: 'GET', path: `${LOG_BOOK}/precios`, empty: 'list' },
    topInjectionOffers: { method: 'GET', path: `${LOG_BOOK}/ofertas-top-inyeccion`, empty: 'list' },
    updateTopInjectionOffers: { method: 'PATCH', path: `${LOG_BOOK}/update-ofertas-top-inyeccion`, empty: 'object' },
    updateTopWithdrawalOffers: { method: 'POST', path: `${LOG_BOOK}/update-ofertas-top-retiro`, empty: 'object' },
    mexExportOffers: { method: 'GET', path: `${LOG_BOOK}/get-mex-ofertas-api`, empty: 'list' },
    updateMexExportOffers: { method: 'PATCH', path: `${LOG_BOOK}/update-mex-ofertas-api`, empty: 'object' },
    mexImportOffers: { method: 'GET', path: `${LOG_BOOK}/get-mex-ofertas-impo-api`, empty: 'list' },
    updateMexImportOffers: { method: 'PATCH', path: `${LOG_BOOK}/update-mex-ofertas-impo-api`, empty: 'object' },
    activeMexImportAnnexes: { method: 'GET', path: `${LOG_BOOK}/anexos-activos-impomex`, empty: 'list' },
    createMexImportAgents: { method: 'POST', path: `${LOG_BOOK}/create-mex-ofertas-impo-agentes`, empty: 'object' },
    mexImportAgents: {
      method: 'GET',
      path: `${LOG_BOOK}/get-mex-ofertas-impo-agentes`,
      empty: 'list',
      unwrap: 'dataOrResults',
    },
    activeAmmAnnexes: { method: 'GET', path: `${LOG_BOOK}/anexos-activos-filtro`, empty: 'list' },
    createAmm: { method: 'POST', path: `${LOG_BOOK}/create-amm`, empty: 'object' },
  },
  permissions: {
    users: { method: 'GET', path: '/api/v2/user', empty: 'list', unwrap: 'data' },
    userPermissions: { method: 'GET', path: '/api/v2/get-permisos-usuario/:id', empty: 'list' },
    catalogue: { method: 'GET', path: '/api/v2/get-permisos-catalogo', empty: 'list' },
    updateUserPermissions: { method: 'PUT', path: '/api/v2/update-permisos-usuarios/:id', empty: 'object' },
    createUser: { method: 'POST', path: '/api/v2/create-user', empty: 'object' },
    userByEmail: { method: 'GET', path: '/api/v2/get-once/:email', empty: 'list', unwrap: 'data' },
  },
} as const satisfies Record<string, Record<string, OperationSpec>>;

export type DataArea = keyof typeof DATA_AREAS;
export type DataOperation<A extends DataArea> = keyof (typeof DATA_AREAS)[A] & string;
