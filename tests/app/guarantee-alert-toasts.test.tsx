// @vitest-environment happy-dom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GuaranteeAlert } from '../../schemas/guarantee.schema';
import type { Wording } from '../../src/app/notifications';
import { formattersFor } from '../../src/lib/format/use-format';
import { setLocale, translate } from '../../src/lib/i18n/i18n';
import { renderWithApp } from './helpers/render-with-app';
import { session, signedIn } from './helpers/session-double';

const { apiData, notify } = vi.hoisted(() => ({ apiData: vi.fn(), notify: vi.fn() }));
vi.mock('../../src/lib/api/client', () => ({ apiData, api: vi.fn() }));
vi.mock('../../src/app/notifications', () => ({ notify }));
vi.mock('../../src/app/session/use-session', async () => (await import('./helpers/session-double')).sessionModule);
const { GuaranteeAlerts } = await import('../../src/app/guarantee-alerts/alert-toasts');

const alert = (id: number, overrides: Partial<GuaranteeAlert> = {}): GuaranteeAlert => ({
  id,
  tipo: 'disponible_bajo',
  operador: 'EOR',
  sucursal: 'SV',
  fecha: '2026-11-28',
  instrumento_id: null,
  valor: '150000',
  umbral: '900000',
  creada_en: '2026-11-28T10:00:00Z',
  ...overrides,
});

/** What each toast says in Spanish: the alerts are worded as they show (in the language of that moment). */
const messages = () =>
  notify.mock.calls.map(([notification]) => (notification as { message: Wording }).message((key, params) => translate(key, params, 'es-ES'), formattersFor('es-ES')));

beforeEach(() => {
  apiData.mockReset();
  notify.mockReset();
  window.localStorage.clear();
  act(() => setLocale('es-ES'));
});
afterEach(cleanup);

describe('the guarantee alert toasts', () => {
  it('toasts each alert once when it appears, to a user with the monitoreo key', async () => {
    session.current = signedIn(['monitoreo']);
    apiData.mockResolvedValue([alert(5), alert(4, { tipo: 'vencimiento', operador: 'AMM', sucursal: 'GT', fecha: '2026-12-09', valor: '150000', umbral: '30' })]);
    renderWithApp(<GuaranteeAlerts />);
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(2));
    expect(messages()).toEqual([
      'Alerta de garantías: EOR SV, 28/11/2026: valor disponible 150.000,00 USD, por debajo del importe de aviso 900.000,00 USD.',
      'Alerta de garantías: AMM GT: un instrumento de 150.000,00 USD vence el 09/12/2026 (aviso: 30 días).',
    ]);
    expect((apiData.mock.calls[0]![0] as { path: string }).path).toBe('/garantias/api/v1/alertas');

    // Seen: a new page (a reload) toasts only what came since.
    cleanup();
    notify.mockReset();
    apiData.mockResolvedValue([alert(6, { tipo: 'bajo_minimo', valor: '200000', umbral: '250000' }), alert(5)]);
    renderWithApp(<GuaranteeAlerts />);
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    expect(messages()).toEqual(['Alerta de garantías: EOR SV, 28/11/2026: garantizado 200.000,00 USD, por debajo del mínimo 250.000,00 USD.']);
  });

  it('asks for nothing for a user without the monitoreo key', async () => {
    session.current = signedIn(['liquidaciones']);
    renderWithApp(<GuaranteeAlerts />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiData).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });
});
