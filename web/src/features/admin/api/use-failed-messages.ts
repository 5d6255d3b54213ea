import useSWR from 'swr';
import { FAILED_MESSAGES_KEY, type FailedMessage } from './citizen-settings';

/** The messages the outbox gave up on after every try, newest first (at most 200). */
export function useFailedMessages() {
  return useSWR<FailedMessage[]>(FAILED_MESSAGES_KEY);
}
