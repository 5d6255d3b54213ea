// A column header of the grievance list that sorts the list: a button inside the
// header cell (so it is reached by keyboard), with aria-sort on the cell saying
// which column sorts and which way.
import { TableCell } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { SortKey } from '../../api/types';
import { ariaSort, nextOrder, type ListOrder } from './list-order';

interface SortableHeaderProps {
  column: SortKey;
  /** The header's text. */
  label: string;
  /** What the column sorts by, when the header's text says something else (FIR No sorts by FIR date). */
  sortLabel?: string;
  order: ListOrder;
  onSort: (next: ListOrder) => void;
  className?: string;
}

export function SortableHeader({ column, label, sortLabel, order, onSort, className }: SortableHeaderProps) {
  const { t } = useTranslation('grievances');
  const sorted = ariaSort(order, column);
  const arrow = sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕';
  const next = nextOrder(order, column);
  const title = t(next.direction === 'asc' ? 'list.sortAscending' : 'list.sortDescending', { column: sortLabel ?? label });
  return (
    <TableCell as="th" aria-sort={sorted} className={className}>
      <button type="button" className={sorted === 'none' ? 'sort-button' : 'sort-button sorted'} title={title} onClick={() => onSort(next)}>
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {arrow}
        </span>
      </button>
    </TableCell>
  );
}
