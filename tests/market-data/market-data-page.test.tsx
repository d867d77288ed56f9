// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { CoverageView } from '../../src/features/market-data/coverage-view';
import { gridRows } from '../app/helpers/grid-rows';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';
import { COVERAGE } from './market-data-fixtures';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api: vi.fn() }));
const { default: MarketDataPage } = await import('../../src/features/market-data/market-data-page');

/** A signed-in user whose role may (or may not) create settlements. */
function signedInWith(create: boolean) {
  const settlements = { ...uniformRolePermissions(true).Settlements, create };
  session.current = { ...signedIn(['liquidaciones']), user: { ...userWith(['liquidaciones']), permisos_x_pagina: { ...uniformRolePermissions(true), Settlements: settlements } } };
}

beforeEach(() => {
  apiData.mockReset();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the coverage of a month', () => {
  // The counts are the same in both languages: a pair is a cell each writes its own way (es-ES, en-US).
  type Cell = string | [es: string, en: string];
  const NONE: Cell = ['0\u00a0%', '0%'];
  const COMPLETE: Cell = ['Completo', 'Complete'];
  const INCOMPLETE: Cell = ['Incompleto', 'Incomplete'];
  const SHOWN: { headings: Cell[]; prices: Cell[][]; factors: Cell[][]; energy: Cell[][]; charges: Cell[][]; rates: Cell } = {
    headings: [
      ['Precios nodales', 'Node prices'],
      ['Mediciones de energía', 'Energy measurements'],
      ['Factores de pérdida (FPN)', 'Loss factors (FPN)'],
      ['Cargos nacionales', 'National charges'],
    ],
    prices: [
      ['GT-ESC-230', 'PE', '0', '720', NONE, INCOMPLETE],
      ['GT-ESC-230', 'DF', '720', '720', ['100\u00a0%', '100%'], COMPLETE],
      ['GT-ESC-230', 'CD', '0', '720', NONE, INCOMPLETE],
    ],
    factors: [
      ['GT-ESC-230', 'PE', '0', '720', NONE, INCOMPLETE],
      ['GT-ESC-230', 'DF', '24', '720', ['3,3\u00a0%', '3.3%'], INCOMPLETE],
      ['GT-ESC-230', 'CD', '0', '720', NONE, INCOMPLETE],
    ],
    energy: [['7', '3', 'PE', '72', '216', ['33,3\u00a0%', '33.3%'], INCOMPLETE]],
    charges: [
      [
        'Guatemala',
        ['MMi (inyección)', 'MMi (injection)'],
        '16',
        '30',
        ['53,3\u00a0%', '53.3%'],
        INCOMPLETE,
        ['21/03/2026 – 05/04/2026: 1,2; 20/04/2026 – sin fin: 1,25', '21/03/2026 – 05/04/2026: 1.2; 20/04/2026 – no end: 1.25'],
      ],
      ['Guatemala', ['MMr (retiro)', 'MMr (withdrawal)'], '30', '30', ['100\u00a0%', '100%'], COMPLETE, ['01/01/2026 – 31/12/2026: 0,8', '01/01/2026 – 31/12/2026: 0.8']],
    ],
    rates: ['3 de 30 días con tipo de cambio (10\u00a0%)', '3 of 30 days with an exchange rate (10%)'],
  };

  /** What `locale` shows of the cells of SHOWN. */
  function shownIn(locale: Locale) {
    const word = (cell: Cell) => (typeof cell === 'string' ? cell : cell[locale === 'es-ES' ? 0 : 1]);
    const table = (rows: Cell[][]) => rows.map((row) => row.map(word));
    const { headings, prices, factors, energy, charges, rates } = SHOWN;
    return { headings: headings.map(word), prices: table(prices), factors: table(factors), energy: table(energy), charges: table(charges), rates: word(rates) };
  }

  it.each(['es-ES', 'en-US'] as const)('shows prices and loss factors per node and version, energy per annex and version, charge days per country and kind, and the days with a rate (%s)', async (locale) => {
    const expected = shownIn(locale);
    act(() => setLocale(locale));
    renderWithApp(<CoverageView coverage={COVERAGE} />, '/');
    const prices = screen.getByRole('region', { name: expected.headings[0] });
    const energy = screen.getByRole('region', { name: expected.headings[1] });
    await waitFor(() => expect(gridRows(prices, ['nodo', 'version', 'periodos', 'periodos_esperados', 'porcentaje', 'completo'])).toEqual(expected.prices));
    await waitFor(() =>
      expect(gridRows(energy, ['anexo_id', 'contrato_id', 'version', 'periodos', 'periodos_esperados', 'porcentaje', 'completo'])).toEqual(expected.energy),
    );
    const factors = screen.getByRole('region', { name: expected.headings[2] });
    await waitFor(() => expect(gridRows(factors, ['nodo', 'version', 'periodos', 'periodos_esperados', 'porcentaje', 'completo'])).toEqual(expected.factors));
    const charges = screen.getByRole('region', { name: expected.headings[3] });
    await waitFor(() =>
      expect(gridRows(charges, ['pais', 'concepto', 'periodos', 'periodos_esperados', 'porcentaje', 'completo', 'tasas'])).toEqual(expected.charges),
    );
    expect(screen.getByTestId('coverage-rates').textContent).toBe(expected.rates);
  });
});

describe('the market data page', () => {
  it('asks the server for the month of the URL and offers the import to a role that may create settlements', async () => {
    signedInWith(true);
    apiData.mockResolvedValue(COVERAGE);
    renderWithApp(<MarketDataPage />, '/?anio=2026&mes=4');
    expect(screen.getByRole('heading', { level: 2, name: 'Importar datos de mercado' })).toBeTruthy();
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ path: '/liquidacion/api/v3/datos-mercado/cobertura', query: { anio: 2026, mes: 4 } })));
    expect((screen.getByLabelText('Mes') as HTMLSelectElement).value).toBe('4');
    expect((screen.getByLabelText('Año') as HTMLInputElement).value).toBe('2026');
  });

  it('shows only the coverage, of the current month, to a role that may not create settlements', async () => {
    signedInWith(false);
    apiData.mockResolvedValue(COVERAGE);
    renderWithApp(<MarketDataPage />, '/');
    expect(screen.getByRole('heading', { level: 2, name: 'Cobertura del mes' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Importar datos de mercado' })).toBeNull();
    const now = new Date();
    await waitFor(() => expect(apiData).toHaveBeenCalledWith(expect.objectContaining({ query: { anio: now.getFullYear(), mes: now.getMonth() + 1 } })));
  });
});
