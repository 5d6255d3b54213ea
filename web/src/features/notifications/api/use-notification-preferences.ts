import useSWR from 'swr';
import { PREFERENCES_KEY, readPreferences, type NotificationPreferences } from './preferences';

/** Which kinds of notification the signed-in user is also emailed. */
export function useNotificationPreferences() {
  return useSWR<NotificationPreferences>(PREFERENCES_KEY, readPreferences);
}
