// Undoing a change just made on a grievance's screen: for a short while after a status
// change or an assignment, the screen offers to put it back. Undo is a second, ordinary
// change back (audited as any other), never an erasure of the first: the status change
// back is based on the version the first left, so a case changed since is refused (409).
import type { GrievanceView, StatusRequest } from '../../../api/types';
import { closesCase, closureRequested } from '../closure/closure';

/** How long the Undo stays on offer after a change. */
export const UNDO_MS = 10_000;

type StatusSide = Pick<GrievanceView, 'status_id' | 'status_meaning' | 'final_decision' | 'closure' | 'version'>;

/**
 * The status change that puts `before`'s status back on `after`, or null when there is
 * none to offer: the change became a closure request (nothing moved), or the status did not
 * move, or the earlier status is not known by its id.
 */
export function statusUndo(before: StatusSide, after: StatusSide): StatusRequest | null {
  if (closureRequested(before, after)) return null;
  const previous = before.status_id;
  if (previous === null || previous === undefined || previous === after.status_id) return null;
  return {
    status_id: previous,
    notes: null,
    // A status that closes the case goes back with the decision it was closed with.
    final_decision: closesCase(before.status_meaning) ? (before.final_decision ?? null) : null,
    version: after.version,
  };
}

type AssignSide = Pick<GrievanceView, 'assigned_to'>;

/**
 * The officer an assignment's undo assigns the grievance to again (null: nobody), or
 * undefined when there is nothing to undo (the same officer as before).
 */
export function assignUndo(before: AssignSide, after: AssignSide): number | null | undefined {
  const previous = before.assigned_to ?? null;
  return previous === (after.assigned_to ?? null) ? undefined : previous;
}
