import { useEffect, useRef } from 'react';

/** The in-app address of the page: path and query. */
function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/**
 * Where a form goes once left: the in-app link the user followed (absolute, so it works from
 * a nested router), or `fallback` when the form's own Cancel button left it.
 */
export function leaveTarget(href: string | null, fallback: string): string {
  return href === null ? fallback : `~${href}`;
}

/**
 * While `active`, leaving the page asks first, and `onAttempt(href)` gets where the user was
 * going so the page can ask and then go on (wouter has no navigation blocker):
 * - a click on an in-app link is held back before the router sees it;
 * - the browser's Back and Forward buttons: the address has already changed when `popstate`
 *   arrives, so the router is kept from hearing it and the form's address is put back;
 * - closing or reloading the tab gets the browser's own prompt (beforeunload).
 */
export function useLeaveGuard(active: boolean, onAttempt: (href: string) => void): void {
  const attempt = useRef(onAttempt);
  attempt.current = onAttempt;

  useEffect(() => {
    if (!active) return undefined;
    const guarded = currentHref();
    function beforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    }
    function click(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const href = `${url.pathname}${url.search}`;
      if (href === currentHref()) return;
      event.preventDefault();
      // Capture phase: the router's own click handler must not navigate first.
      event.stopPropagation();
      attempt.current(href);
    }
    function popState(event: PopStateEvent) {
      const href = currentHref();
      if (href === guarded) return;
      // Capture listeners on window run before the router's (bubbling) one: it never renders
      // the page being left. The form's address goes back on top of the history.
      event.stopImmediatePropagation();
      window.history.pushState(window.history.state, '', guarded);
      attempt.current(href);
    }
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('popstate', popState, true);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('popstate', popState, true);
      document.removeEventListener('click', click, true);
    };
  }, [active]);
}
