// How tightly the grievance list sets its rows: 'compact' (the default: one line
// per grievance with the columns a desk scans, so a laptop screen shows a dozen or
// more) or 'comfortable' (every column, the FIR date under its number, text
// wrapping). Remembered per browser.
import { useStoredChoice } from '../../lib/use-stored-choice';

export const DENSITIES = ['compact', 'comfortable'] as const;
export type Density = (typeof DENSITIES)[number];

export const DENSITY_KEY = 'portal.listDensity';

export function useListDensity(): [Density, (next: Density) => void] {
  return useStoredChoice<Density>(DENSITY_KEY, DENSITIES, 'compact');
}
