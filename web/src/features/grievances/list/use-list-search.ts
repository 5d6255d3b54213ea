// The grievance list's pages for its filters and order. Full pages follow with 'Load
// more'. When the server bounds its work (filters no index covers) and answers a short
// page, the list reads on by itself, showing its progress, until it has a page, the
// end, or the user stops it (keep-reading.ts).
import { useEffect, useState } from 'react';
import type { GrievanceSummaryPage } from '../../../api/types';
import { formatCount } from '../../../lib/format';
import { useGrievancePages } from '../api/use-grievance-pages';
import { searchState } from '../keep-reading';
import { listCounters, listPath, type GrievanceFilters } from '../list-filters';
import type { ListOrder } from '../list-order';

/** Where the user's last ask for a page began, for the list's current filters. */
interface Run {
  /** The first page's path: the filters this run is for. */
  key: string;
  /** The index of the first page loaded since the user last asked for a page. */
  fromPage: number;
  /** The user pressed 'Stop searching'. */
  stopped: boolean;
  /** The list is reading on by itself: the first page need not be fetched again with each step. */
  auto: boolean;
}

const newRun = (key: string): Run => ({ key, fromPage: 0, stopped: false, auto: false });

/** `enabled`: false while the list waits to know its filters (the user's default view). */
export function useListSearch(filters: GrievanceFilters, order: ListOrder, filtered: boolean, enabled = true) {
  const searchKey = listPath(filters, null, order);
  const [run, setRun] = useState<Run>(() => newRun(searchKey));
  // New filters start a new run.
  const current = run.key === searchKey ? run : newRun(searchKey);

  const { data, error, isLoading, isValidating, size, setSize, mutate } = useGrievancePages(filters, order, !current.auto, enabled);

  const pages = (data ?? []).filter((page): page is GrievanceSummaryPage => Boolean(page && Array.isArray(page.data)));
  const rows = pages.flatMap((page) => page.data);
  const first = pages[0];
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.next_cursor);
  const counters = first
    ? listCounters({ loaded: rows.length, total: first.total, matched: first.matched, hasMore, filtered })
    : null;
  const search = searchState({
    pages,
    fromPage: current.fromPage,
    stopped: current.stopped,
    failed: Boolean(error),
    requested: size,
    busy: isValidating,
  });
  const total = last?.total ?? 0;
  const progress = { read: formatCount(Math.min(search.examined, total)), total: formatCount(total), count: total };

  // Read the next bounded step without a click. The first time, only mark the run as
  // automatic (so the steps do not fetch the first page again), then step once per
  // page loaded: a failed step, a revalidation or a stop leaves readNext false.
  const { readNext } = search;
  const pageCount = pages.length;
  const auto = current.auto;
  useEffect(() => {
    if (!readNext) return;
    if (!auto) setRun((previous) => ({ ...(previous.key === searchKey ? previous : newRun(searchKey)), auto: true }));
    else void setSize(pageCount + 1);
  }, [readNext, auto, pageCount, searchKey, setSize]);

  return {
    data,
    error,
    // Waiting to know the filters is loading too.
    isLoading: isLoading || !enabled,
    pages,
    rows,
    first,
    counters,
    phase: search.phase,
    progress,
    loadingMore: isValidating && size > pages.length,
    reload: () => void mutate(),
    /** 'Load more': the user asks for one more page. */
    loadMore() {
      setRun({ key: searchKey, fromPage: pageCount, stopped: false, auto: false });
      void setSize(pageCount + 1);
    },
    stop() {
      setRun({ ...current, stopped: true });
    },
    /** 'Continue searching' after a stop, or after a step failed (asks for that step again). */
    resume() {
      setRun({ ...current, stopped: false });
      if (error) void setSize(pageCount + 1);
    },
  };
}

export type ListSearch = ReturnType<typeof useListSearch>;
