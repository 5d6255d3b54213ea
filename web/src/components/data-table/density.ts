// How tightly a table sets its rows: 'compact' (one line a row with the columns a desk
// scans, so a laptop screen shows a dozen or more) or 'comfortable' (every column, text
// wrapping). Remembered per browser, under the key of the table it is for.
import { useStoredChoice } from '../../lib/use-stored-choice';

export const DENSITIES = ['compact', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];

export function useDensity(key: string): [Density, (next: Density) => void] {
  return useStoredChoice<Density>(key, DENSITIES, 'compact');
}
