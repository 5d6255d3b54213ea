// Calls of the signed-in user's own email preferences: for each kind of notification,
// whether it is also sent by email. The bell shows every notification whatever they say.
import { api } from '../../../api/client';
import type { EmailChoices, EmailChoicesEnvelope, EmailChoicesRequest } from '../../../api/types';

/** GET/PUT /notifications/preferences: one entry per kind of notification. */
export type NotificationPreferences = EmailChoices;
/** PUT /notifications/preferences: whether each kind is emailed, by kind (those left out stay). */
export type NotificationPreferencesRequest = EmailChoicesRequest;

/** SWR key of the caller's email preferences. */
export const PREFERENCES_KEY = '/notifications/preferences';

/** The preferences out of their {success, data} envelope. */
export const readPreferences = async (path: string): Promise<NotificationPreferences> => (await api.get<EmailChoicesEnvelope>(path)).data;

export const preferencesApi = {
  save: async (body: NotificationPreferencesRequest): Promise<NotificationPreferences> =>
    (await api.put<EmailChoicesEnvelope>(PREFERENCES_KEY, body)).data,
};
