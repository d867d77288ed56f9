// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../../src/app/theme';
import { notificationsStore, notify } from '../../src/app/notifications';
import { AppToaster, TOAST_DURATION_MS, toaster } from '../../src/app/toaster';
import { initI18n, setLocale } from '../../src/lib/i18n/i18n';

function renderToaster() {
  return render(
    <ChakraProvider value={system}>
      <AppToaster />
    </ChakraProvider>,
  );
}

const visibleToasts = () => document.querySelectorAll('[data-scope="toast"][data-part="root"]');

beforeEach(() => initI18n({ search: '', storage: null }));
afterEach(() => {
  act(() => {
    toaster.remove();
    // The queue outlives a test: what one test left waiting must not show in the next.
    for (const { id } of notificationsStore.getSnapshot().context.queue) notificationsStore.trigger.dismissed({ id });
  });
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('are placed top right, close after 6000 ms and allow one on screen', () => {
    expect(toaster.attrs.placement).toBe('top-end');
    expect(toaster.attrs.max).toBe(1);
    expect(TOAST_DURATION_MS).toBe(6000);
  });

  it('ignore a notification without a message', async () => {
    renderToaster();
    let ids: Array<string | null> = [];
    act(() => {
      ids = [notify({ message: '', type: 'error' }), notify({ message: null }), notify({ type: 'success' })];
    });
    expect(ids).toEqual([null, null, null]);
    expect(toaster.getCount()).toBe(0);
    expect(visibleToasts()).toHaveLength(0);
  });

  it('show a message with the creation time as id', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
    renderToaster();
    let id: string | null = null;
    act(() => {
      id = notify({ message: 'Guardado', type: 'success' });
    });
    expect(id).toBe(String(Date.parse('2025-03-01T10:00:00Z')));
    expect(await screen.findByText('Guardado')).toBeTruthy();
    expect(toaster.getVisibleToasts().map((toast) => toast.duration)).toEqual([TOAST_DURATION_MS]);
  });

  it('show a notification queued before the toaster mounted (the app loads it with the first one)', async () => {
    act(() => {
      notify({ message: 'Contraseña cambiada', type: 'success' });
    });
    renderToaster();
    expect(await screen.findByText('Contraseña cambiada')).toBeTruthy();
  });

  it('close a success on screen when a newer notification comes, rather than keep the newer one waiting', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderToaster();
    act(() => {
      vi.setSystemTime(1_000);
      notify({ message: 'Pago registrado', type: 'success' });
    });
    expect(await screen.findByText('Pago registrado')).toBeTruthy();
    act(() => {
      vi.setSystemTime(2_000);
      notify({ message: 'Otro aviso', type: 'info' });
    });
    expect(await screen.findByText('Otro aviso')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Pago registrado')).toBeNull());
    expect(visibleToasts()).toHaveLength(1);
  });

  it('let an alert found in the background give way to what answers the user: it leaves the screen, the answer shows, and it comes back after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderToaster();
    let answer: string | null = null;
    act(() => {
      vi.setSystemTime(1_000);
      notify({ message: 'Alerta uno', type: 'warning', background: true });
      notify({ message: 'Alerta dos', type: 'warning', background: true });
    });
    expect(await screen.findByText('Alerta uno')).toBeTruthy();
    act(() => {
      vi.setSystemTime(2_000);
      answer = notify({ message: 'Predespacho importado', type: 'success' });
    });
    // The answer shows at once, before the waiting alert; the alert on screen went behind.
    expect(await screen.findByText('Predespacho importado')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Alerta uno')).toBeNull());
    expect(notificationsStore.getSnapshot().context.queue.map((notification) => notification.message)).toEqual(['Predespacho importado', 'Alerta dos', 'Alerta uno']);
    act(() => void toaster.dismiss(answer ?? undefined));
    expect(await screen.findByText('Alerta dos')).toBeTruthy();
    expect(visibleToasts()).toHaveLength(1);
  });

  it('word a wording in the language of the moment it shows, and again on a switch while on screen', async () => {
    renderToaster();
    act(() => {
      notify({ message: 'Antes', type: 'info' });
      notify({ type: 'warning', background: true, message: (t, format) => t('guarantees.alerts.more', { n: format.integer(1200) }) });
    });
    expect(await screen.findByText('Antes')).toBeTruthy();
    // The language changes while the alert waits its turn: it shows in the new one.
    act(() => setLocale('en-US'));
    act(() => void toaster.dismiss());
    expect(await screen.findByText('1,200 more guarantee alerts: see Guarantees.')).toBeTruthy();
    // And again while it is on screen.
    act(() => setLocale('es-ES'));
    expect(await screen.findByText('1.200 alertas de garantías más: consulta Garantías.')).toBeTruthy();
  });

  it('keep only one visible, queueing the next until the first closes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    renderToaster();
    let first: string | null = null;
    act(() => {
      vi.setSystemTime(1_000);
      first = notify({ message: 'Primero', type: 'info' });
      vi.setSystemTime(2_000);
      notify({ message: 'Segundo', type: 'info' });
    });
    expect(await screen.findByText('Primero')).toBeTruthy();
    expect(screen.queryByText('Segundo')).toBeNull();
    expect(visibleToasts()).toHaveLength(1);

    act(() => void toaster.dismiss(first ?? undefined));
    expect(await screen.findByText('Segundo')).toBeTruthy();
    expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual(['Segundo']);
  });

  it('queue in order, and two in the same millisecond get different ids', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const at = Date.parse('2030-01-01T00:00:00Z');
    vi.setSystemTime(at);
    const first = notify({ message: 'Uno' });
    const second = notify({ message: 'Dos' });
    expect([first, second]).toEqual([String(at), String(at + 1)]);
    expect(notificationsStore.getSnapshot().context.queue.map((queued) => queued.message)).toEqual(['Uno', 'Dos']);
    notificationsStore.trigger.dismissed({ id: String(at) });
    expect(notificationsStore.getSnapshot().context.queue.map((queued) => queued.message)).toEqual(['Dos']);
  });
});
