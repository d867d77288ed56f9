import { useEffect, useEffectEvent } from 'react';

/** The in-app address of the page: path and query. */
function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The part of the Navigation API's `navigate` event the guard reads (lib.dom of TypeScript 5.9 lacks it). */
interface NavigateEventLike extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { url: string };
}

/** The browser's Navigation API, where it has one (every current browser). */
function navigationApi(): EventTarget | undefined {
  return (window as { navigation?: EventTarget }).navigation;
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
 * - the browser's Back and Forward buttons within the app: the Navigation API's `navigate`
 *   event of the traversal is cancelled before the address changes (`popstate` comes after it
 *   has changed, when the page may already show the other address);
 * - closing or reloading the tab gets the browser's own prompt (beforeunload).
 */
export function useLeaveGuard(active: boolean, onAttempt: (href: string) => void): void {
  const attempt = useEffectEvent(onAttempt);

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
      if (href === currentHref()) return;
      event.preventDefault();
      // Capture phase: the router's own click handler must not navigate first.
      event.stopPropagation();
      attempt(href);
    }
    function navigate(event: Event) {
      const { navigationType, destination } = event as NavigateEventLike;
      // A traversal to another document cannot be cancelled here; beforeunload asks for it.
      if (navigationType !== 'traverse' || !event.cancelable) return;
      const url = new URL(destination.url);
      const href = `${url.pathname}${url.search}`;
      if (url.origin !== window.location.origin || href === currentHref()) return;
      event.preventDefault();
      attempt(href);
    }
    window.addEventListener('beforeunload', beforeUnload);
    navigationApi()?.addEventListener('navigate', navigate);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      navigationApi()?.removeEventListener('navigate', navigate);
      document.removeEventListener('click', click, true);
    };
  }, [active]);
}
