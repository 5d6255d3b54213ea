import useSWR from 'swr';
import type { TransferLimit } from '../../../api/types';
import { TRANSFER_LIMIT_KEY } from './settings';

/** How many times a grievance may be transferred. */
export function useTransferLimit() {
  return useSWR<TransferLimit>(TRANSFER_LIMIT_KEY);
}
