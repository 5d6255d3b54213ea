// When the session ends and when to warn. Pure: times in ms since the epoch.

/** What GET /auth/session said, in milliseconds. */
export interface SessionLimits {
  /** The session lasts at least this long after any successful request. */
  idleMs: number;
  /** It ends at this time whatever happens. */
  expiresAtMs: number;
}

export interface SessionDeadline {
  /** When the session may end. */
  endsAt: number;
  /** When the warning opens. */
  warnAt: number;
  /** inactivity: another request postpones the end; lifetime: nothing does. */
  reason: 'inactivity' | 'lifetime';
}

/** How long before the end the warning opens, at most. */
export const WARNING_MS = 60_000;

/**
 * The end is the idle timeout after the last activity, or the session's time limit if
 * sooner. The warning opens a minute before it, or half the idle timeout before it when
 * that is shorter (a one-minute timeout would otherwise warn right after every request).
 */
export function sessionDeadline(limits: SessionLimits, lastActivity: number): SessionDeadline {
  const idleEnd = lastActivity + limits.idleMs;
  const reason = limits.expiresAtMs < idleEnd ? 'lifetime' : 'inactivity';
  const endsAt = Math.min(idleEnd, limits.expiresAtMs);
  const lead = Math.min(WARNING_MS, limits.idleMs / 2);
  return { endsAt, warnAt: endsAt - lead, reason };
}

/** Whole seconds left at `now`, counting up (59.2 s left is 60); 0 once the end has come. */
export function secondsLeft(deadline: Pick<SessionDeadline, 'endsAt'>, now: number): number {
  return Math.max(0, Math.ceil((deadline.endsAt - now) / 1000));
}

/**
 * How long from `now` until what is shown changes: the warning opening, or the countdown's
 * next second (its last tick is the end itself). Always at least 1 ms; meaningless once the
 * end has come.
 */
export function msUntilChange(deadline: Pick<SessionDeadline, 'endsAt' | 'warnAt'>, now: number): number {
  if (now < deadline.warnAt) return Math.max(1, Math.ceil(deadline.warnAt - now));
  const left = deadline.endsAt - now;
  return Math.max(1, Math.ceil(left % 1000 || 1000));
}

/** The server's answer, GET /auth/session, in milliseconds. */
export function limitsOf(times: { idleTimeoutSeconds: number; expiresAt: number }): SessionLimits {
  return { idleMs: times.idleTimeoutSeconds * 1000, expiresAtMs: times.expiresAt * 1000 };
}
