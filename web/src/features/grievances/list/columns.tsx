// The grievance list's columns, as the specification lists them, and whom each case is
// assigned to: the headers the server can sort by sort the list. Compact rows narrower than
// a desk leave out the district, who filed it and whom it is assigned to; a phone card
// leaves out the crime title too (all four are on the grievance's own screen).
import { Flex } from '@aws-amplify/ui-react';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { useGrievanceItemNames } from '../../../api/item-names';
import type { GrievanceSummaryRow, SortKey } from '../../../api/types';
import { CaseStatusBadge, PriorityBadge } from '../../../components/CaseBadges';
import type { Column } from '../../../components/data-table/DataTable';
import { dash, formatDate } from '../../../lib/format';
import { ClosurePendingBadge } from '../closure/ClosurePendingBadge';
import { EscalatedBadge } from '../escalation/EscalatedBadge';
import { OverdueBadge } from '../pendency/OverdueBadge';

/** Free text on one line: cut with an ellipsis when long, the whole of it on hover. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="cell-clip" title={text}>
      {text}
    </span>
  );
}

export function grievanceColumns(t: TFunction<'grievances'>, names: ReturnType<typeof useGrievanceItemNames>): Column<GrievanceSummaryRow, SortKey>[] {
  return [
    {
      id: 'number',
      header: t('col.grievance_no'),
      headerClassName: 'col-number',
      className: 'cell-strong cell-nowrap cell-number-link',
      // The row's place, for the list's keyboard ('j', 'k' and Enter go by it).
      cell: (g, index) => (
        <Link to={`/grievances/${g.id}`} className="record-link" data-row={index}>
          {g.grievance_number}
        </Link>
      ),
    },
    {
      id: 'fir',
      header: t('col.fir_no'),
      sortKey: 'fir_date',
      sortLabel: t('field.fir_date'),
      headerClassName: 'col-fir',
      className: 'cell-nowrap cell-fir',
      cell: (g) => (
        <>
          <span className="fir-no" title={g.fir_no}>
            {g.fir_no}
          </span>
          <span className="cell-sub fir-date">{formatDate(g.fir_date)}</span>
        </>
      ),
    },
    {
      id: 'crime',
      header: t('field.crime_title'),
      headerClassName: 'col-crime',
      hide: { phone: true },
      cell: (g) => <Clipped text={dash(names.crime_titles(g.crime_title))} />,
    },
    {
      id: 'district',
      header: t('field.district'),
      headerClassName: 'col-district',
      hide: { phone: true, narrow: true },
      cell: (g) => <Clipped text={dash(names.districts(g.district))} />,
    },
    {
      id: 'station',
      header: t('field.police_station'),
      headerClassName: 'col-station',
      className: 'cell-station',
      cell: (g) => <Clipped text={dash(names.police_stations(g.police_station))} />,
    },
    {
      id: 'status',
      header: t('field.status'),
      sortKey: 'status',
      headerClassName: 'col-status',
      className: 'cell-status',
      cell: (g) => (
        <Flex gap="xxs" alignItems="center" className="badge-line">
          <CaseStatusBadge status={g.status} />
          <OverdueBadge pendency={g.pendency} form="short" />
          <ClosurePendingBadge closure={g.closure} />
          <EscalatedBadge escalation={g.escalation} />
        </Flex>
      ),
    },
    {
      id: 'priority',
      header: t('field.priority'),
      sortKey: 'priority',
      headerClassName: 'col-priority',
      className: 'cell-priority',
      cell: (g) => <PriorityBadge priority={g.priority} />,
    },
    {
      id: 'filed-by',
      header: t('field.filed_by_name'),
      headerClassName: 'col-filed-by',
      hide: { phone: true, narrow: true },
      cell: (g) => <Clipped text={dash(g.filed_by_name)} />,
    },
    {
      id: 'assigned',
      header: t('field.assigned_to_name'),
      headerClassName: 'col-assigned',
      hide: { phone: true, narrow: true },
      // Unassigned reads '-', as every empty cell of the table does.
      cell: (g) => <Clipped text={dash(g.assigned_to_name)} />,
    },
    {
      id: 'filed',
      header: t('field.filed_at'),
      sortKey: 'filed_at',
      headerClassName: 'col-filed',
      className: 'cell-nowrap cell-filed',
      cell: (g) => formatDate(g.filed_at),
    },
  ];
}
