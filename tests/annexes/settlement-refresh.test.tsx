// @vitest-environment happy-dom
// The annex page's two refresh buttons: shown only to who may recompute settlements, each asks
// first with the spec's "takes a few minutes", then starts the refresh (the spec's call, empty
// body), announces the job to the top bar and follows it live on the page.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uniformRolePermissions } from '../../schemas/role.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { flushJobMemory } from '../../src/lib/jobs/job-memory';
import { runningJobsStore } from '../../src/lib/jobs/running-jobs-store';
import { renderWithApp } from '../app/helpers/render-with-app';
import { session, signedIn, userWith } from '../app/helpers/session-double';
import { controlledStream, events, frame, jobOf } from '../jobs/job-stream-fake';

vi.mock('../../src/app/session/use-session', async () => (await import('../app/helpers/session-double')).sessionModule);
const apiData = vi.hoisted(() => vi.fn());
const api = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/api/client', () => ({ apiData, api }));
const { SettlementRefresh } = await import('../../src/features/annexes/settlement-refresh');

/** A signed-in user with these view keys whose role may (or may not) create settlements. */
function signedInWith(keys: Parameters<typeof signedIn>[0], create: boolean) {
  const all = uniformRolePermissions(true);
  session.current = { ...signedIn(keys), user: { ...userWith(keys), permisos_x_pagina: { ...all, Settlements: { ...all.Settlements, create } } } };
}

const WORDS: Record<Locale, { energy: string; power: string; confirmTitle: string; fewMinutes: RegExp; powerText: RegExp; confirm: string; cancel: string; job: string; line: string }> = {
  'es-ES': {
    energy: 'Actualizar liquidaciones',
    power: 'Actualizar liquidaciones de potencia',
    confirmTitle: '¿Actualizar liquidaciones?',
    fewMinutes: /liquidaciones preliminares de energía de los meses abiertos\. Tarda unos minutos/,
    powerText: /liquidaciones preliminares de potencia/,
    confirm: 'Actualizar',
    cancel: 'Cancelar',
    job: 'Actualización de liquidaciones de potencia · trabajo 41',
    line: 'Contrato CP-A, 02/2025 PE: recalculada (672 filas).',
  },
  'en-US': {
    energy: 'Update settlements',
    power: 'Update power settlements',
    confirmTitle: 'Update settlements?',
    fewMinutes: /preliminary energy settlement of the open months will be recomputed\. This takes a few minutes/,
    powerText: /preliminary power settlement/,
    confirm: 'Update',
    cancel: 'Cancel',
    job: 'Power settlements update · job 41',
    line: 'Contract CP-A, 02/2025 PE: recomputed (672 rows).',
  },
};

beforeEach(() => {
  apiData.mockReset();
  api.mockReset();
});
afterEach(() => {
  cleanup();
  flushJobMemory();
  sessionStorage.clear();
});

describe.each(Object.entries(WORDS))('the settlement refresh buttons (%s)', (locale, words) => {
  beforeEach(() => {
    act(() => setLocale(locale as Locale));
  });

  it('are not offered without the Settlements create action or the liquidaciones view key', () => {
    signedInWith(['relaciones', 'liquidaciones'], false);
    const { unmount } = renderWithApp(<SettlementRefresh />, '/');
    expect(screen.queryByRole('button', { name: words.energy })).toBeNull();
    unmount();
    signedInWith(['relaciones'], true);
    renderWithApp(<SettlementRefresh />, '/');
    expect(screen.queryByRole('button', { name: words.power })).toBeNull();
  });

  it('ask first (it takes a few minutes); cancelling starts nothing', async () => {
    signedInWith(['relaciones', 'liquidaciones'], true);
    renderWithApp(<SettlementRefresh />, '/');
    fireEvent.click(screen.getByRole('button', { name: words.energy }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(words.confirmTitle)).toBeTruthy();
    expect(within(dialog).getByText(words.fewMinutes)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: words.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(apiData).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: words.power }));
    expect(within(await screen.findByRole('alertdialog')).getByText(words.powerText)).toBeTruthy();
  });

  it('once confirmed, start the refresh, announce the job to the top bar and follow it on the page', async () => {
    signedInWith(['relaciones', 'liquidaciones'], true);
    const job = jobOf({ id: 41, tipo: 'settlements.refresh-power', estado: 'pendiente', total: 3 });
    apiData.mockResolvedValue(job);
    const stream = controlledStream();
    api.mockResolvedValue(stream.body);
    const revision = runningJobsStore.getSnapshot().context.revision;
    renderWithApp(<SettlementRefresh />, '/');

    fireEvent.click(screen.getByRole('button', { name: words.power }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: words.confirm }));

    const progress = await screen.findByRole('group', { name: words.job });
    expect(apiData).toHaveBeenCalledWith({ method: 'POST', path: '/anexos/api/v1/store-procedure-liquidations-potencia/' });
    expect(runningJobsStore.getSnapshot().context.revision).toBe(revision + 1);
    await waitFor(() => expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: '/api/v1/trabajos/41/eventos' })));
    const line = { ...events.resumed, id: 5, trabajo_id: 41, nivel: 'info', clave: 'annexes.refresh.log.recomputed', params: { id: 3, contract: 'CP-A', month: '02/2025', version: 'PE', count: 672 } };
    await act(async () => {
      stream.write(frame({ ...events.started, trabajo_id: 41 }) + frame({ ...events.progress, trabajo_id: 41, hechos: 1, total: 3 }) + frame(line));
    });
    await waitFor(() => expect(within(progress).getByRole('log').textContent).toContain(words.line));
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
  });
});
