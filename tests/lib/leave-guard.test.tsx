// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, useLocation } from 'wouter';
import { leaveTarget, useLeaveGuard } from '../../src/lib/forms/use-leave-guard';

/** A page on the browser's own location (as in the product) that guards itself while `active`. */
function GuardedPage({ active, onAttempt }: { active: boolean; onAttempt: (href: string) => void }) {
  useLeaveGuard(active, onAttempt);
  const [location] = useLocation();
  return (
    <main>
      <p>at {location}</p>
      <Link href="/contratos?q=GT">Contracts</Link>
      <a href="https://example.com/elsewhere">Outside</a>
    </main>
  );
}

beforeEach(() => {
  // The user came from the list to the form: Back has somewhere to go.
  window.history.replaceState(null, '', '/empresas');
  window.history.pushState(null, '', '/empresas/nueva');
});

afterEach(cleanup);

describe('leave guard', () => {
  it('holds back an in-app link while active and hands over where it went', () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active onAttempt={onAttempt} />);
    fireEvent.click(screen.getByRole('link', { name: 'Contracts' }));
    expect(onAttempt).toHaveBeenCalledWith('/contratos?q=GT');
    expect(window.location.pathname).toBe('/empresas/nueva');
    expect(screen.getByText('at /empresas/nueva')).toBeTruthy();
  });

  it('keeps the page and its address when the browser goes Back, and hands over where Back went', async () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active onAttempt={onAttempt} />);
    await act(async () => {
      window.history.back();
    });
    await waitFor(() => expect(onAttempt).toHaveBeenCalledWith('/empresas'));
    expect(window.location.pathname).toBe('/empresas/nueva');
    expect(screen.getByText('at /empresas/nueva')).toBeTruthy();
  });

  it('lets every navigation through when not active', async () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active={false} onAttempt={onAttempt} />);
    fireEvent.click(screen.getByRole('link', { name: 'Contracts' }));
    expect(await screen.findByText('at /contratos')).toBeTruthy();
    await act(async () => {
      window.history.back();
    });
    expect(await screen.findByText('at /empresas/nueva')).toBeTruthy();
    expect(onAttempt).not.toHaveBeenCalled();
  });

  it('asks the browser to confirm closing or reloading the tab while active', () => {
    render(<GuardedPage active onAttempt={vi.fn()} />);
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('goes on to the followed link, or to the fallback after Cancel', () => {
    expect(leaveTarget('/contratos?q=GT', '/')).toBe('~/contratos?q=GT');
    expect(leaveTarget(null, '~/anexos')).toBe('~/anexos');
  });
});
