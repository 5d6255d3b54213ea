// A search the server answers in bounded steps (filters no index covers): a
// page may come back short, even empty, with `bounded: true` and a cursor to
// continue. The list keeps asking, without a click, until it has a page of new
// rows since the user last asked, or the end, or the user stops it.
import { PAGE_SIZE } from './list-filters';

/** What the fields of one list answer the search looks at. */
export interface ReadPage {
  data: readonly unknown[];
  bounded?: boolean;
  examined?: number;
  next_cursor?: string | null;
}

/**
 * - reading: the SPA is still reading bounded steps by itself;
 * - stopped: it would read on, but the user stopped it (or a step failed);
 * - more: another full page may follow, on the user's 'Load more';
 * - done: the end of the matches.
 */
export type SearchPhase = 'reading' | 'stopped' | 'more' | 'done';

export interface SearchInput {
  /** The pages loaded so far, in order. */
  pages: readonly ReadPage[];
  /** The index of the first page loaded since the user last asked for a page. */
  fromPage: number;
  /** Whether the user pressed 'Stop searching'. */
  stopped: boolean;
  /** Whether the last request failed. */
  failed: boolean;
  /** How many pages are asked for (loaded or on the way). */
  requested: number;
  /** Whether a request is on the way (a revalidation too). */
  busy: boolean;
}

export interface SearchState {
  phase: SearchPhase;
  /** Rows loaded since the user last asked for a page. */
  found: number;
  /** Grievances the server has read for this search, all pages together. */
  examined: number;
  /** Whether to ask for the next page now. */
  readNext: boolean;
}

/** Where a search stands, and whether to ask for the next page now. */
export function searchState({ pages, fromPage, stopped, failed, requested, busy }: SearchInput): SearchState {
  const found = pages.slice(Math.max(0, fromPage)).reduce((sum, page) => sum + page.data.length, 0);
  const examined = pages.reduce((sum, page) => sum + (page.examined ?? 0), 0);
  const last = pages[pages.length - 1];
  const before = pages[pages.length - 2];
  let phase: SearchPhase;
  if (!last?.next_cursor) phase = 'done';
  // A cursor that does not move would read the same step for ever: leave it to the user.
  else if (before && before.next_cursor === last.next_cursor) phase = 'more';
  else if (last.bounded && found < PAGE_SIZE) phase = stopped || failed ? 'stopped' : 'reading';
  else phase = 'more';
  const readNext = phase === 'reading' && !busy && requested === pages.length;
  return { phase, found, examined, readNext };
}
