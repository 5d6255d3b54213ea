// The Undo on offer after a change: one at a time (a newer change's replaces it), gone after
// UNDO_MS unless it is running; a failed undo says the server's reason until dismissed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../api/errors';
import type { GrievanceView } from '../../../api/types';
import { UNDO_MS } from './undo';

export interface UndoOffer {
  /** What was done ('Status changed to Resolved.'), said beside the Undo. */
  message: string;
  /** Sends the change back; answers the grievance as that leaves it. */
  run: () => Promise<GrievanceView>;
  /** The failure's text when the server gives none. */
  failed: string;
  /** After the undo: the grievance as it left it. */
  onDone: (grievance: GrievanceView) => void;
  /** After a failed undo (the screen's copy may be stale: read it again). */
  onFailed?: () => void;
}

export interface Undo {
  offer: UndoOffer | null;
  busy: boolean;
  failure: string | null;
  /** Offers to undo a change just made. */
  make: (offer: UndoOffer) => void;
  /** Sends the undo on offer. */
  undo: () => Promise<void>;
  /** Withdraws the offer (its close button). */
  dismiss: () => void;
  dismissFailure: () => void;
}

export function useUndo(): Undo {
  const [offer, setOffer] = useState<UndoOffer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // A click in the same tick as another must not send the undo twice.
  const running = useRef(false);

  const stopTimer = () => window.clearTimeout(timer.current);
  useEffect(() => stopTimer, []);

  const make = useCallback((next: UndoOffer) => {
    stopTimer();
    setFailure(null);
    setOffer(next);
    timer.current = window.setTimeout(() => setOffer(null), UNDO_MS);
  }, []);

  async function undo() {
    if (!offer || running.current) return;
    running.current = true;
    // Running, it stays until the server answers, however long that takes.
    stopTimer();
    setBusy(true);
    try {
      const undone = await offer.run();
      setOffer(null);
      offer.onDone(undone);
    } catch (error) {
      setOffer(null);
      setFailure(errorText(error, offer.failed));
      offer.onFailed?.();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  const dismiss = () => {
    stopTimer();
    setOffer(null);
  };

  return { offer, busy, failure, make, undo, dismiss, dismissFailure: () => setFailure(null) };
}
