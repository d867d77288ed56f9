import type { PermissionKey } from '../../../schemas/permission-key.schema';

/** Icon kind of a menu section; the shell maps each kind to one icon. */
export type MenuFileType =
  | 'home'
  | 'dashboard'
  | 'relations'
  | 'settlements'
  | 'actions'
  | 'invoicing'
  | 'countries'
  | 'accounting'
  | 'monitoring'
  | 'markets'
  | 'admin'
  | 'page';

/** A menu item of spec section 3: `label` is an i18n key; `url` only on entries that navigate. */
export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly fileType: MenuFileType;
  readonly url?: string;
  readonly permission?: PermissionKey;
  readonly children?: readonly MenuItem[];
}

/** A menu item that opens a page: the shell routes are made from these. */
interface MenuLeaf extends MenuItem {
  readonly url: string;
}

/** Items open when the drawer first shows (spec section 2). */
export const DEFAULT_EXPANDED_IDS: readonly string[] = ['1', '1.1'];

function section(
  id: string,
  label: string,
  fileType: MenuFileType,
  permission: PermissionKey | undefined,
  entries: ReadonlyArray<readonly [label: string, url: string]>,
): MenuItem {
  // An entry carries its section's permission too: the route guard reads it from the entry.
  return {
    id,
    label,
    fileType,
    ...(permission ? { permission } : {}),
    children: entries.map(([entryLabel, url], index) => ({
      id: `${id}.${index + 1}`,
      label: entryLabel,
      fileType: 'page',
      url,
      ...(permission ? { permission } : {}),
    })),
  };
}

/**
 * The whole menu of spec section 2. The shell draws the drawer and declares one guarded
 * route per entry from this one list, so the menu and the routes cannot disagree.
 */
export const MENU_TREE: readonly MenuItem[] = [
  section('1', 'menu.inicio', 'home', undefined, [['menu.home', '/home']]),
  section('2', 'menu.dashboard', 'dashboard', 'dashboard', [['menu.desempenoContratos', '/dashboard']]),
  section('3', 'menu.relaciones', 'relations', 'relaciones', [
    ['menu.empresas', '/empresas'],
    ['menu.contratos', '/contratos'],
    ['menu.contacts', '/contacts'],
    ['menu.anexos', '/anexos'],
  ]),
  section('4', 'menu.liquidaciones', 'settlements', 'liquidaciones', [
    ['menu.liquidacionesLista', '/liquidaciones'],
    ['menu.reporteLiquidaciones', '/liquidacion'],
    ['menu.datosMercado', '/liquidaciones/datos-mercado'],
  ]),
  section('5', 'menu.acciones', 'actions', 'acciones', [
    ['menu.registraPlanillas', '/procesos/registra-planillas/'],
    ['menu.subePlanillas', '/procesos/sube-planillas/'],
    ['menu.bitacorasMer', '/procesos/bitacoras/mer/'],
    ['menu.bitacorasMex', '/procesos/bitacoras/mex/'],
    ['menu.ofertasTopSlv', '/procesos/bitacoras/slv/'],
    ['menu.ofertasAmm', '/procesos/registra/'],
    ['menu.supresionPlanilla', '/procesos/supresion/'],
  ]),
  section('6', 'menu.facturacion', 'invoicing', 'facturacion', [
    ['menu.facturacionLista', '/facturacion/'],
    ['menu.reporteFacturacion', '/facturacion/reporte-facturacion/'],
  ]),
  section('7', 'menu.paises', 'countries', 'paises', [
    ['menu.cargosPanama', '/pais/panama/6'],
    ['menu.cargosSalvador', '/pais/salvador/2'],
    ['menu.cargosMexico', '/pais/mexico/7'],
  ]),
  section('8', 'menu.contabilidad', 'accounting', 'contabilidad', [
    ['menu.flujoCaja', '/contabilidad/flujo-caja/'],
    ['menu.estadosCuenta', '/contabilidad/estados-cuenta/'],
  ]),
  section('9', 'menu.monitoreo', 'monitoring', 'monitoreo', [
    ['menu.potencia', '/monitoreo/potencia/'],
    ['menu.energia', '/monitoreo/energia/'],
    ['menu.garantias', '/garantias/'],
  ]),
  section('10', 'menu.mercados', 'markets', 'mercados', [['menu.ercot', '/ercot/']]),
  section('11', 'menu.admin', 'admin', 'admin', [
    ['menu.usuarios', '/admin-usuario/'],
    ['menu.roles', '/admin-usuario/roles/'],
    ['menu.asignarVistas', '/admin-usuario/asignar-vistas/'],
    ['menu.auditoria', '/admin-usuario/auditoria/'],
  ]),
];

/**
 * Pages of the shell reached from elsewhere than the drawer (the account menu): routed and
 * titled like menu entries, but never drawn in the menu. Without a permission: every
 * signed-in user.
 */
export const ACCOUNT_ROUTES: readonly MenuLeaf[] = [
  { id: 'account.1', label: 'menu.miCuenta', fileType: 'page', url: '/mi-cuenta/' },
  // The server's API reference (docs/api-reference.md): it describes every route, so administrators
  // only. Not at `/admin-usuario/api/`: the server answers `/<area>/api/...` itself (server/plugins/spa.ts).
  { id: 'account.2', label: 'menu.apiReference', fileType: 'page', url: '/admin-usuario/referencia-api/', permission: 'admin' },
];

/** Every entry that opens a page, depth first, in menu order. */
export function menuLeaves(items: readonly MenuItem[] = MENU_TREE): MenuLeaf[] {
  return items.flatMap((item) =>
    item.children ? menuLeaves(item.children) : item.url !== undefined ? [item as MenuLeaf] : [],
  );
}
