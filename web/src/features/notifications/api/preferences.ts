// Calls of the signed-in user's own email preferences: for each kind of notification,
// whether it is also sent by email. The bell shows every notification whatever they say.
import { api } from '../../../api/client';
import type { NoticeKind } from '../../../api/types';

// Written by hand until the server's OpenAPI document describes them: `npm run gen:api`
// will then give these shapes in api/schema.d.ts, and api/types.ts will name them there.
/** GET/PUT /notifications/preferences: one entry per kind of notification. */
export interface NotificationPreferences {
  kinds: { kind: NoticeKind; email: boolean }[];
}

/** PUT /notifications/preferences: whether each kind is emailed, by kind. */
export interface NotificationPreferencesRequest {
  email: Partial<Record<NoticeKind, boolean>>;
}

interface Envelope {
  success: boolean;
  data: NotificationPreferences;
}

/** SWR key of the caller's email preferences. */
export const PREFERENCES_KEY = '/notifications/preferences';

/** The preferences out of their {success, data} envelope. */
export const readPreferences = async (path: string): Promise<NotificationPreferences> => (await api.get<Envelope>(path)).data;

export const preferencesApi = {
  save: async (body: NotificationPreferencesRequest): Promise<NotificationPreferences> =>
    (await api.put<Envelope>(PREFERENCES_KEY, body)).data,
};
