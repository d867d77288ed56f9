// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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

// happy-dom has no Navigation API: a stand-in target receives the `navigate` events a browser
// fires for Back and Forward.
const navigation = new EventTarget();

function traversal(path: string, cancelable: boolean) {
  return Object.assign(new Event('navigate', { cancelable }), { navigationType: 'traverse', destination: { url: `${window.location.origin}${path}` } });
}

beforeEach(() => {
  Object.assign(window, { navigation });
  // The user came from the list to the form: Back has somewhere to go.
  window.history.replaceState(null, '', '/empresas');
  window.history.pushState(null, '', '/empresas/nueva');
});

afterEach(() => {
  cleanup();
  delete (window as { navigation?: EventTarget }).navigation;
});

describe('leave guard', () => {
  it('holds back an in-app link while active and hands over where it went', () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active onAttempt={onAttempt} />);
    fireEvent.click(screen.getByRole('link', { name: 'Contracts' }));
    expect(onAttempt).toHaveBeenCalledWith('/contratos?q=GT');
    expect(window.location.pathname).toBe('/empresas/nueva');
    expect(screen.getByText('at /empresas/nueva')).toBeTruthy();
  });

  it("cancels the browser's Back within the app (Navigation API) and hands over where it went", () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active onAttempt={onAttempt} />);
    const back = traversal('/empresas', true);
    navigation.dispatchEvent(back);
    expect(back.defaultPrevented).toBe(true);
    expect(onAttempt).toHaveBeenCalledWith('/empresas');
  });

  it('lets a traversal it cannot cancel, or a push, go (the tab prompt covers leaving the document)', () => {
    const onAttempt = vi.fn();
    render(<GuardedPage active onAttempt={onAttempt} />);
    const toOtherDocument = traversal('/empresas', false);
    navigation.dispatchEvent(toOtherDocument);
    const push = Object.assign(new Event('navigate', { cancelable: true }), { navigationType: 'push', destination: { url: `${window.location.origin}/x` } });
    navigation.dispatchEvent(push);
    expect(toOtherDocument.defaultPrevented || push.defaultPrevented).toBe(false);
    expect(onAttempt).not.toHaveBeenCalled();
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
