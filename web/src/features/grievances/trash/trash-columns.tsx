// The Trash's columns: which case it was (its number and crime, its FIR, where it lies),
// who deleted it when and why, the day it goes for good, and what comes back with it.
// A deleted grievance has no screen of its own, so its number is no link.
import type { TFunction } from 'i18next';
import type { useGrievanceItemNames } from '../../../api/item-names';
import type { Column } from '../../../components/data-table/DataTable';
import { dash, formatCount, formatDate, formatDateTime } from '../../../lib/format';
import type { TrashedGrievance } from './api/trash';

/** The reason as the deleting officer gave it, or null when none was given. */
export function reasonOf(row: TrashedGrievance): string | null {
  const reason = row.reason?.trim();
  return reason ? reason : null;
}

export function trashColumns(t: TFunction<'casework'>, names: ReturnType<typeof useGrievanceItemNames>): Column<TrashedGrievance>[] {
  return [
    {
      id: 'number',
      header: t('grievances:field.grievance_number'),
      rowHeader: true,
      className: 'cell-strong cell-nowrap',
      cell: (row) => (
        <>
          {row.grievance_number}
          <span className="cell-sub">{dash(names.crime_titles(row.crime_title))}</span>
        </>
      ),
    },
    { id: 'fir', header: t('grievances:field.fir_no'), className: 'cell-nowrap', cell: (row) => row.fir_no },
    {
      id: 'station',
      header: t('grievances:field.police_station'),
      cell: (row) => (
        <>
          {dash(names.police_stations(row.police_station))}
          <span className="cell-sub">{dash(names.districts(row.district))}</span>
        </>
      ),
    },
    {
      id: 'deleted',
      header: t('trash.col.deletedOn'),
      className: 'cell-nowrap',
      cell: (row) => <time dateTime={row.deleted_at}>{formatDateTime(row.deleted_at)}</time>,
    },
    { id: 'by', header: t('trash.col.deletedBy'), cell: (row) => dash(row.deleted_by_name) },
    {
      id: 'reason',
      header: t('trash.col.reason'),
      className: (row) => (reasonOf(row) ? 'cell-wrap' : 'muted-text'),
      cell: (row) => reasonOf(row) ?? t('trash.notGiven'),
    },
    {
      id: 'purge',
      header: t('trash.col.purgeAfter'),
      className: 'cell-nowrap',
      // The server leaves it out only where it cannot say the day: '-' rather than a made-up one.
      cell: (row) => (row.purge_after ? <time dateTime={row.purge_after}>{formatDate(row.purge_after)}</time> : dash(null)),
    },
    { id: 'notes', header: t('trash.col.notes'), className: 'cell-number', cell: (row) => formatCount(row.notes) },
    { id: 'attachments', header: t('trash.col.attachments'), className: 'cell-number', cell: (row) => formatCount(row.attachments) },
  ];
}
