// On each move to another screen, focus goes to that screen's heading (its h1),
// so that keyboard and screen-reader users start on the new page instead of at
// the top of the document, many Tabs away from it. Done once here, for every
// screen inside the shell.
//
// - A fresh load of the document is left alone: the browser starts at the top,
//   where the skip link is the first stop.
// - A heading that appears later (a screen still loading its data) is waited for.
// - If the user has already moved focus somewhere else, it stays there.
// - The page does not scroll for it: the grievance list restores its own place.
import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long to wait for a heading that is still loading. */
export const HEADING_WAIT_MS = 10_000;

export function useRouteFocus(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const firstRender = useRef(true);

  useEffect(() => {
    const freshLoad = firstRender.current && navigationType === 'POP';
    firstRender.current = false;
    const root = container.current;
    if (freshLoad || !root) return;

    const before = document.activeElement;
    let focused: HTMLElement | null = null;
    // Focus is still where the navigation left it: on the link that was used, on a
    // heading this hook focused, or nowhere (the link went away with the old screen).
    const untouched = () => {
      const now = document.activeElement;
      return !now || now === document.body || now === before || now === focused;
    };

    const observer = new MutationObserver(() => moveFocus());
    const timer = window.setTimeout(() => observer.disconnect(), HEADING_WAIT_MS);
    function moveFocus() {
      if (focused?.isConnected) {
        // Done; once the user moves on, nothing more to watch for.
        if (document.activeElement !== focused) observer.disconnect();
        return;
      }
      if (!untouched()) {
        observer.disconnect();
        return;
      }
      const heading = root?.querySelector<HTMLElement>('h1');
      if (!heading || heading === document.activeElement) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      focused = heading;
    }

    moveFocus();
    // A screen may show its heading only once its data is in, or swap it (loading, then loaded).
    observer.observe(root, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    // Only a new screen moves focus; a new query (filters, sort) on the same screen does not.
  }, [pathname]);
}
