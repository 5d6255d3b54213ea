// Where the user was in the grievance list: its filters and sort (the URL query)
// and how far down they had scrolled, kept for the browser tab, so that the
// detail screen's Back and a saved edit return to that place rather than to the
// unfiltered list at the top.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const KEY = 'grievances.listPlace';

interface Place {
  /** The list's query, '?…' or ''. */
  search: string;
  /** The window's scroll offset, in px. */
  scrollY: number;
}

function readPlace(): Place {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<Place> | null;
    return {
      search: typeof saved?.search === 'string' && (saved.search === '' || saved.search.startsWith('?')) ? saved.search : '',
      scrollY: typeof saved?.scrollY === 'number' && saved.scrollY > 0 ? saved.scrollY : 0,
    };
  } catch {
    return { search: '', scrollY: 0 };
  }
}

function savePlace(place: Place) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(place));
  } catch {
    // Storage refused (private mode, quota): Back goes to the plain list.
  }
}

/** Router state asking the list to scroll back to where the user left it. */
export const RETURN_STATE = { returnToPlace: true } as const;

/** The list as the user left it: its path with filters and sort. */
export function listPlacePath(): string {
  return `/grievances${readPlace().search}`;
}

function returning(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as { returnToPlace?: unknown }).returnToPlace);
}

/**
 * Keeps the list's place while it is on screen (its query, and its scroll as the
 * user scrolls) and, when the user comes back to it (RETURN_STATE), scrolls to
 * where they were once `ready` (the rows are on screen).
 */
export function useListPlace(ready: boolean) {
  const { search, state } = useLocation();
  const restored = useRef(!returning(state));
  const query = useRef(search);

  useEffect(() => {
    query.current = search;
    const place = readPlace();
    // New filters start at the top; the same ones keep their scroll.
    savePlace({ search, scrollY: place.search === search ? place.scrollY : 0 });
  }, [search]);

  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        // Only a settled list's scroll: before the return is restored, the page is still short.
        if (restored.current) savePlace({ search: query.current, scrollY: window.scrollY });
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    if (restored.current || !ready) return;
    restored.current = true;
    const { scrollY } = readPlace();
    if (scrollY > 0) window.scrollTo({ top: scrollY, behavior: 'instant' });
  }, [ready]);
}
