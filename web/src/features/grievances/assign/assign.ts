// Choosing whom to assign a grievance to: the officers the server offers (those
// who would see the grievance once assigned), narrowed by what the user types.
import type { Assignee } from '../../../api/types';

/** The most officers listed at once; typing narrows the rest. */
export const SHOWN_AT_ONCE = 50;

/** The choice that removes the assignment. */
export const NOBODY = 'nobody';

/** An officer as the picker names them: with their designation when known. */
export function officerLabel(officer: Assignee): string {
  return officer.designation ? `${officer.name} (${officer.designation})` : officer.name;
}

/** The officers whose name or designation holds `text` (any capitals, spaces around ignored). */
export function matchingOfficers(officers: readonly Assignee[], text: string): Assignee[] {
  const wanted = text.trim().toLocaleLowerCase();
  if (!wanted) return [...officers];
  return officers.filter((officer) => officerLabel(officer).toLocaleLowerCase().includes(wanted));
}

/** The user id a choice sends: a number, or null for nobody; undefined when nothing is chosen. */
export function chosenUser(choice: string): number | null | undefined {
  if (choice === NOBODY) return null;
  const id = Number(choice);
  return choice && Number.isInteger(id) && id > 0 ? id : undefined;
}
