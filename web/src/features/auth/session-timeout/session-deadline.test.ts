import { limitsOf, msUntilChange, secondsLeft, sessionDeadline } from './session-deadline';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);

describe('the session deadline', () => {
  const thirtyMinutes = { idleMs: 30 * MINUTE, expiresAtMs: T0 + 12 * 60 * MINUTE };

  it('ends the idle timeout after the last activity and warns a minute before', () => {
    expect(sessionDeadline(thirtyMinutes, T0)).toEqual({ endsAt: T0 + 30 * MINUTE, warnAt: T0 + 29 * MINUTE, reason: 'inactivity' });
  });

  it('ends at the time limit when that comes first, which activity does not move', () => {
    const limits = { idleMs: 30 * MINUTE, expiresAtMs: T0 + 10 * MINUTE };
    expect(sessionDeadline(limits, T0)).toEqual({ endsAt: T0 + 10 * MINUTE, warnAt: T0 + 9 * MINUTE, reason: 'lifetime' });
    expect(sessionDeadline(limits, T0 + 5 * MINUTE).endsAt).toBe(T0 + 10 * MINUTE);
  });

  it('warns half the idle timeout before the end when that is shorter than a minute', () => {
    // PORTAL_SESSION_IDLE_MINUTES=1.1: the server guarantees 60 s.
    expect(sessionDeadline({ idleMs: 60_000, expiresAtMs: T0 + MINUTE * 600 }, T0)).toMatchObject({ endsAt: T0 + 60_000, warnAt: T0 + 30_000 });
    expect(sessionDeadline({ idleMs: 90_000, expiresAtMs: T0 + MINUTE * 600 }, T0).warnAt).toBe(T0 + 45_000);
    expect(sessionDeadline({ idleMs: 120_000, expiresAtMs: T0 + MINUTE * 600 }, T0).warnAt).toBe(T0 + 60_000);
  });

  it('counts whole seconds up, down to 0 at the end and after it', () => {
    const deadline = sessionDeadline(thirtyMinutes, T0);
    expect(secondsLeft(deadline, deadline.warnAt)).toBe(60);
    expect(secondsLeft(deadline, deadline.endsAt - 59_200)).toBe(60);
    expect(secondsLeft(deadline, deadline.endsAt - 59_000)).toBe(59);
    expect(secondsLeft(deadline, deadline.endsAt - 1)).toBe(1);
    expect(secondsLeft(deadline, deadline.endsAt)).toBe(0);
    expect(secondsLeft(deadline, deadline.endsAt + 5_000)).toBe(0);
  });

  it('wakes for the warning, then at every second of the countdown, then at the end', () => {
    const deadline = sessionDeadline(thirtyMinutes, T0);
    expect(msUntilChange(deadline, T0)).toBe(29 * MINUTE);
    expect(msUntilChange(deadline, deadline.warnAt)).toBe(1000);
    expect(msUntilChange(deadline, deadline.endsAt - 59_200)).toBe(200);
    expect(msUntilChange(deadline, deadline.endsAt - 400)).toBe(400);
    // Late (a sleeping computer): at once.
    expect(msUntilChange(deadline, deadline.endsAt + 3_700)).toBe(1);
  });

  it('reads the server answer in seconds', () => {
    expect(limitsOf({ idleTimeoutSeconds: 1740, expiresAt: 1_800_000_000 })).toEqual({ idleMs: 1_740_000, expiresAtMs: 1_800_000_000_000 });
  });
});
