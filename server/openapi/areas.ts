// The areas of the API reference: each route is tagged with the area its path belongs to, and
// each area's tag links the hand-written document that says what a schema cannot (lifecycles,
// rules, examples).

export interface ApiArea {
  /** The tag of the area's operations in the OpenAPI document. */
  tag: string;
  /** Path prefixes of the area's routes; the longest matching prefix wins. */
  prefixes: readonly string[];
  /** The document in docs/ that describes the area. */
  doc: string;
  description: string;
  /**
   * The area answers failures in its own protocol, not with the error body: how, as the one
   * `default` answer its operations list instead of the error answers.
   */
  ownProtocol?: string;
}

export const API_AREAS: readonly ApiArea[] = [
  { tag: 'administration', prefixes: ['/api/v2/'], doc: 'api-admin.md', description: 'Users, roles, view keys and the audit log.' },
  { tag: 'home', prefixes: ['/api/v1/pendientes'], doc: 'home.md', description: 'What needs the signed-in user now.' },
  { tag: 'jobs', prefixes: ['/api/v1/trabajos'], doc: 'architecture.md', description: 'Long work run as jobs, followed live.' },
  { tag: 'platform', prefixes: ['/config.json', '/health', '/api/openapi.json'], doc: 'api-reference.md', description: "The browser's start-up configuration, the readiness probe and this reference." },
  { tag: 'companies', prefixes: ['/empresas/', '/contact/', '/gateway/'], doc: 'api-companies.md', description: 'Companies, their contacts, and the contacts gateway.' },
  { tag: 'contracts', prefixes: ['/contratos/', '/anexos/'], doc: 'api-contracts.md', description: 'Contracts and their annexes.' },
  { tag: 'files', prefixes: ['/files/'], doc: 'api-files.md', description: 'Uploaded documents, kept in the database by key.' },
  { tag: 'settlements', prefixes: ['/liquidacion/'], doc: 'api-settlements.md', description: 'Market data, settlements, their reports and refresh jobs.' },
  { tag: 'invoicing', prefixes: ['/facturacion/'], doc: 'api-invoicing.md', description: 'Invoices and notes from validated settlements, and their payments.' },
  { tag: 'accounting', prefixes: ['/estado_de_cuenta/', '/flujo-caja/'], doc: 'api-accounting.md', description: 'Account statements and the cash flow.' },
  { tag: 'country charges', prefixes: ['/countries/'], doc: 'api-countries.md', description: 'Regulated country charges and their rates.' },
  { tag: 'log books', prefixes: ['/bitacoras/'], doc: 'api-logbooks.md', description: 'The four log books and the EOR predespacho.' },
  { tag: 'guarantees', prefixes: ['/garantias/'], doc: 'api-guarantees.md', description: 'Guarantee instruments and the liabilities against them.' },
  { tag: 'monitoring', prefixes: ['/monitoreo/'], doc: 'api-monitoring.md', description: 'Power and energy of buyers and sellers.' },
  { tag: 'processes', prefixes: ['/procesos/'], doc: 'api-processes.md', description: 'The bid robots: Registra, Sube and Supresión Planillas.' },
  { tag: 'market simulator', prefixes: ['/market-sim/'], doc: 'processes.md', description: "The control calls of the built-in simulator of the market operator's site (served only where no MARKET_SITE_URL is set)." },
  {
    tag: 'market site (simulated)',
    prefixes: ['/market-sim/:sitio/api/'],
    doc: 'processes.md',
    description: "The simulated market site's own calls, as the bid robots make them (its own session token and error shapes).",
    ownProtocol:
      'The site\'s own failures, JSON `{ error }`: 401 `sesion_no_valida` (no live session token) or `credenciales`, 404 `planilla_no_existe`, ' +
      '429 `sesiones_agotadas` with `Retry-After` (seconds), 503 `servicio_no_disponible`; by the site\'s configuration a call may also time out or lose its connection (docs/processes.md).',
  },
  { tag: 'ercot', prefixes: ['/ercot/'], doc: 'api-ercot.md', description: "ERCOT's settlement points, prices and awards." },
  { tag: 'reports', prefixes: ['/reportes/'], doc: 'api-reports.md', description: 'The billing reports of each country and their workbooks.' },
  { tag: 'dashboard', prefixes: ['/dashboard/'], doc: 'api-dashboard.md', description: 'Contract performance.' },
  {
    tag: 'identity',
    prefixes: ['/idp'],
    doc: 'architecture.md',
    description: 'The built-in, Cognito-compatible identity service (the AWS JSON protocol: `X-Amz-Target` names the operation).',
    ownProtocol:
      'Failures as Amazon Cognito answers them, JSON `{ __type, message }`: 400 with the exception\'s name in `__type` (`NotAuthorizedException`, ' +
      '`InvalidParameterException`, `InvalidActionException` for an unknown `X-Amz-Target`, ...), 404 `ResourceNotFoundException` for another pool\'s keys, 500 `InternalErrorException`.',
  },
];

/** Where a route of no listed area goes (the reference test fails on any). */
export const OTHER_AREA: ApiArea = { tag: 'other', prefixes: [], doc: 'architecture.md', description: 'Routes of no listed area.' };

/** The area a route path belongs to: the longest matching prefix, or OTHER_AREA. */
export function areaOf(url: string): ApiArea {
  let best: { area: ApiArea; length: number } | undefined;
  for (const area of API_AREAS) {
    for (const prefix of area.prefixes) {
      // `/x/` covers everything under it; `/x` itself and everything under `/x/`.
      const matches = prefix.endsWith('/') ? url.startsWith(prefix) : url === prefix || url.startsWith(`${prefix}/`);
      if (matches && (!best || prefix.length > best.length)) best = { area, length: prefix.length };
    }
  }
  return best?.area ?? OTHER_AREA;
}
