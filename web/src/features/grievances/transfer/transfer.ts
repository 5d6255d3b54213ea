// Transfers between police stations: what the dialog checks before sending,
// the stations it offers, and the transfers a grievance's history holds.
import type { GrievanceView, ListItem, TransferRequest } from '../../../api/types';
import { i18n } from '../../../i18n';
import type { AuditEntry } from '../../audit/audit-record';

/** The server's limit on a transfer's reason. */
export const MAX_REASON_LENGTH = 1000;

/** The dialog's fields as typed: the station's id as text ('' until chosen). */
export interface TransferDraft {
  stationId: string;
  reason: string;
}

/** Named as the server names them in its field errors. */
export type TransferField = keyof TransferRequest;
export type TransferErrors = Partial<Record<TransferField, string>>;

/** What is wrong with the draft, by field; the reason's wording is the server's. */
export function transferErrors(draft: TransferDraft): TransferErrors {
  const errors: TransferErrors = {};
  if (!draft.stationId) errors.police_station_id = i18n.t('grievances:transfer.chooseStation');
  const reason = draft.reason.trim();
  if (!reason) errors.reason = i18n.t('errors:TRANSFER_REASON_REQUIRED');
  else if (reason.length > MAX_REASON_LENGTH) errors.reason = i18n.t('errors:TRANSFER_REASON_TOO_LONG');
  return errors;
}

/** The request body; call after transferErrors found nothing. */
export function transferRequest(draft: TransferDraft): TransferRequest {
  return { police_station_id: Number(draft.stationId), reason: draft.reason.trim() };
}

/** The active stations a grievance may go to: every one but its own. */
export function destinationStations(stations: readonly ListItem[], grievance: Pick<GrievanceView, 'police_station_id' | 'police_station'>): ListItem[] {
  const own = grievance.police_station_id;
  return stations.filter((station) => (own != null ? station.id !== own : station.name !== grievance.police_station));
}

/** The history's transfers, in its order (newest first). */
export function transfersOf(entries: readonly AuditEntry[]): AuditEntry[] {
  return entries.filter((entry) => entry.action.toUpperCase() === 'TRANSFERRED');
}
