// The grievances picked on the list, by id with their numbers, for as long as the list shows
// the same filters and order: another list starts with none picked, so that a change never
// reaches grievances the user no longer has on screen. At most BULK_MAX.
import { useState } from 'react';
import type { GrievanceSummaryRow } from '../../../api/types';
import type { Picked } from './api/bulk';
import { BULK_MAX } from './bulk';

interface State {
  /** The list the selection belongs to (its first page's path). */
  scope: string;
  picked: ReadonlyMap<number, string>;
  /** Some were left out, the selection being full. */
  overflow: boolean;
  /** Every match was picked with 'Select all' ('all'), or the first BULK_MAX ('first'). */
  matches: 'all' | 'first' | null;
}

const fresh = (scope: string): State => ({ scope, picked: new Map(), overflow: false, matches: null });

export function useSelection(scope: string) {
  const [state, setState] = useState<State>(() => fresh(scope));
  const current = state.scope === scope ? state : fresh(scope);
  const { picked } = current;

  /** A change to the picked grievances of this list, made by hand. */
  const change = (edit: (next: Map<number, string>) => boolean) =>
    setState((previous) => {
      const base = previous.scope === scope ? previous : fresh(scope);
      const next = new Map(base.picked);
      const overflow = edit(next);
      return { scope, picked: next, overflow, matches: null };
    });

  return {
    count: picked.size,
    ids: [...picked.keys()],
    entries: (): Picked[] => [...picked].map(([id, number]) => ({ id, number })),
    has: (id: number) => picked.has(id),
    full: picked.size >= BULK_MAX,
    overflow: current.overflow,
    matches: current.matches,
    /** Picks or lets go of `rows`; past BULK_MAX the rest are left out. */
    set(rows: readonly Pick<GrievanceSummaryRow, 'id' | 'grievance_number'>[], on: boolean) {
      change((next) => {
        let left = false;
        for (const row of rows) {
          if (!on) next.delete(row.id);
          else if (next.has(row.id)) continue;
          else if (next.size < BULK_MAX) next.set(row.id, row.grievance_number);
          else left = true;
        }
        return left;
      });
    },
    /** Every match, as 'Select all' read them. */
    pickMatches(all: readonly Picked[], complete: boolean) {
      setState({ scope, picked: new Map(all.map((p) => [p.id, p.number])), overflow: false, matches: complete ? 'all' : 'first' });
    },
    /** Only these stay picked (those a change refused, to try again). */
    keep(ids: readonly number[]) {
      const kept = new Set(ids);
      change((next) => {
        for (const id of [...next.keys()]) if (!kept.has(id)) next.delete(id);
        return false;
      });
    },
    clear: () => setState(fresh(scope)),
  };
}

export type Selection = ReturnType<typeof useSelection>;
