// The email preferences form's values: a choice per kind of notification, read from what
// the server holds and sent back whole. A kind this build cannot word (a newer server's) is
// not offered, but its choice is sent back as it was, so that saving never changes it.
import type { NoticeKind } from '../../api/types';
import type { NotificationPreferences, NotificationPreferencesRequest } from './api/preferences';

/** The kinds the form words ('Email me when ...'), in the order the server lists them. */
export const EMAIL_KINDS: readonly NoticeKind[] = [
  'assigned',
  'escalated',
  'closure_requested',
  'closure_approved',
  'closure_returned',
  'clock_missed',
  'status_changed',
  'appeal_opened',
];

export type EmailChoices = Partial<Record<NoticeKind, boolean>>;

/** Whether each kind is emailed, as the server holds it. */
export function emailChoices(preferences: NotificationPreferences): EmailChoices {
  const choices: EmailChoices = {};
  for (const { kind, email } of preferences.kinds) choices[kind] = email === true;
  return choices;
}

/** The kinds to offer: those the server lists that this build can word. */
export function offeredKinds(preferences: NotificationPreferences): NoticeKind[] {
  return preferences.kinds.map(({ kind }) => kind).filter((kind) => EMAIL_KINDS.includes(kind));
}

/** The PUT body: every kind the server listed, with the choice on the form (or as it was). */
export function preferencesBody(preferences: NotificationPreferences, choices: EmailChoices): NotificationPreferencesRequest {
  const email: EmailChoices = {};
  for (const { kind, email: held } of preferences.kinds) email[kind] = choices[kind] ?? held === true;
  return { email };
}
