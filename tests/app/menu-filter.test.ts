// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterMenu, hasPermission } from '../../src/app/menu/filter-menu';
import { DEFAULT_EXPANDED_IDS, MENU_TREE, menuLeaves, type MenuItem } from '../../src/app/menu/menu-tree';
import { MENU_ICONS } from '../../src/app/menu/menu-icons';
import { ALL_KEYS } from './helpers/session-double';

const labels = (items: readonly MenuItem[]) => items.map((item) => item.label);

describe('menu filter', () => {
  it('shows every section to an admin holding every view key', () => {
    expect(labels(filterMenu(MENU_TREE, ALL_KEYS))).toEqual(labels(MENU_TREE));
    expect(menuLeaves(filterMenu(MENU_TREE, ALL_KEYS))).toHaveLength(menuLeaves().length);
  });

  it('shows a dashboard-only reader just Inicio and the dashboard', () => {
    const visible = filterMenu(MENU_TREE, ['dashboard']);
    expect(labels(visible)).toEqual(['menu.inicio', 'menu.dashboard']);
    expect(menuLeaves(visible).map((entry) => entry.url)).toEqual(['/home', '/dashboard']);
  });

  it('shows a user with one key only that section besides Inicio, with all its entries', () => {
    const visible = filterMenu(MENU_TREE, ['facturacion']);
    expect(labels(visible)).toEqual(['menu.inicio', 'menu.facturacion']);
    expect(menuLeaves(visible).map((entry) => entry.url)).toEqual([
      '/home',
      '/facturacion/',
      '/facturacion/reporte-facturacion/',
    ]);
  });

  it('keeps items without a permission for a user without keys', () => {
    expect(labels(filterMenu(MENU_TREE, []))).toEqual(['menu.inicio']);
  });

  it('hides a parent that has no permission of its own once none of its children remains', () => {
    const tree: MenuItem[] = [
      {
        id: '1',
        label: 'open-parent',
        fileType: 'admin',
        children: [
          { id: '1.1', label: 'guarded', fileType: 'page', url: '/a', permission: 'admin' },
          { id: '1.2', label: 'also-guarded', fileType: 'page', url: '/b', permission: 'paises' },
        ],
      },
      { id: '2', label: 'empty-parent', fileType: 'home', children: [] },
    ];
    expect(filterMenu(tree, ['dashboard'])).toEqual([]);
    expect(filterMenu(tree, ['paises'])).toEqual([
      { ...tree[0], children: [tree[0]!.children![1]] },
    ]);
  });

  it('accepts a single key or a list of keys, any one sufficing', () => {
    expect(hasPermission(['paises'], undefined)).toBe(true);
    expect(hasPermission(['paises'], 'paises')).toBe(true);
    expect(hasPermission(['paises'], 'admin')).toBe(false);
    expect(hasPermission(['paises'], ['admin', 'paises'])).toBe(true);
    expect(hasPermission([], ['admin', 'paises'])).toBe(false);
  });
});

describe('menu tree', () => {
  it('holds every route of the spec table, each once', () => {
    const urls = menuLeaves().map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toEqual([
      '/home', '/dashboard', '/empresas', '/contratos', '/contacts', '/anexos', '/liquidaciones',
      '/liquidacion', '/liquidaciones/datos-mercado', '/procesos/registra-planillas/', '/procesos/sube-planillas/', '/procesos/bitacoras/mer/',
      '/procesos/bitacoras/mex/', '/procesos/bitacoras/slv/', '/procesos/registra/',
      '/procesos/supresion/', '/facturacion/', '/facturacion/reporte-facturacion/',
      '/pais/panama/6', '/pais/salvador/2', '/pais/mexico/7', '/contabilidad/flujo-caja/',
      '/contabilidad/estados-cuenta/', '/monitoreo/potencia/', '/monitoreo/energia/',
      '/garantias/', '/ercot/', '/admin-usuario/', '/admin-usuario/roles/',
      '/admin-usuario/asignar-vistas/', '/admin-usuario/auditoria/',
    ]);
  });

  it('gives each entry its section permission, and each section its own icon', () => {
    for (const section of MENU_TREE) {
      for (const entry of section.children ?? []) expect(entry.permission).toBe(section.permission);
    }
    const icons = MENU_TREE.map((section) => MENU_ICONS[section.fileType]);
    expect(new Set(icons).size).toBe(MENU_TREE.length);
  });

  it('opens items 1 and 1.1 by default, which exist', () => {
    const ids = new Set(MENU_TREE.flatMap((section) => [section.id, ...(section.children ?? []).map((c) => c.id)]));
    for (const id of DEFAULT_EXPANDED_IDS) expect(ids.has(id)).toBe(true);
  });
});
