import useSWR from 'swr';
import { CITIZEN_SETTINGS_KEY, type CitizenSettingsView } from './citizen-settings';

/** The reopen window, the appeal's time limit and every SMS template in force, at their revision. */
export function useCitizenSettings() {
  return useSWR<CitizenSettingsView>(CITIZEN_SETTINGS_KEY);
}
