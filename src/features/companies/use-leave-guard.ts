import { useEffect, useRef } from 'react';

/**
 * While `active`, leaving the page asks first: closing or reloading the tab gets the
 * browser's own prompt (beforeunload), and a click on an in-app link is held back and handed
 * to `onAttempt(href)` so the page can ask and then go on (wouter has no navigation blocker).
 */
export function useLeaveGuard(active: boolean, onAttempt: (href: string) => void): void {
  const attempt = useRef(onAttempt);
  attempt.current = onAttempt;

  useEffect(() => {
    if (!active) return undefined;
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
      if (href === `${window.location.pathname}${window.location.search}`) return;
      event.preventDefault();
      // Capture phase: the router's own click handler must not navigate first.
      event.stopPropagation();
      attempt.current(href);
    }
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [active]);
}
