// When the session was last used: the time the latest successful authenticated
// request was sent. The server keeps a session at least its idle
// timeout after any answered request, so counting from the moment a request
// left (never later than the server saw it) is on the safe side.
//
// Kept in localStorage so every tab of the portal counts the others' requests:
// they share one session, and an idle tab must not sign out a busy one.
export const ACTIVITY_KEY = 'portal.lastActivity';

type Listener = () => void;
const listeners = new Set<Listener>();
// Used only when localStorage cannot be written (private mode without storage).
let inMemory = 0;

function notify() {
  listeners.forEach((listener) => listener());
}

function onStorage(event: StorageEvent) {
  if (event.key === ACTIVITY_KEY || event.key === null) notify();
}

/** The time (ms since the epoch) the last successful authenticated request was sent; 0 if none. */
export function lastActivityAt(): number {
  try {
    const stored = Number(localStorage.getItem(ACTIVITY_KEY));
    return Number.isFinite(stored) && stored > inMemory ? stored : inMemory;
  } catch {
    return inMemory;
  }
}

/** Records a successful authenticated request sent at `at`; the record only moves forward. */
export function recordActivity(at: number): void {
  if (at <= lastActivityAt()) return;
  try {
    localStorage.setItem(ACTIVITY_KEY, String(at));
  } catch {
    inMemory = at;
  }
  notify();
}

/** Hears every new activity, in this tab and in the others. */
export function subscribeActivity(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
}
