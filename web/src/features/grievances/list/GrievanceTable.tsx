// The grievance list's table: its columns (columns.tsx), set compact or comfortable, one
// card per grievance on a phone, a checkbox at the start of each row to select it (for a
// change or an export of many at once), and each row's View / Edit / Delete behind one menu,
// each item offered only when the user's role allows it.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrievanceItemNames } from '../../../api/item-names';
import type { GrievanceSummaryRow } from '../../../api/types';
import { DataTable } from '../../../components/data-table/DataTable';
import type { Density } from '../../../components/data-table/density';
import type { RowMenuItem } from '../../../components/data-table/RowMenu';
import { usePermission } from '../../auth/use-permission';
import type { Selection } from '../bulk/use-selection';
import { firstDirection, type ListOrder } from '../list-order';
import { grievanceColumns } from './columns';

interface GrievanceTableProps {
  headingId: string;
  rows: readonly GrievanceSummaryRow[];
  order: ListOrder;
  onSort: (next: ListOrder) => void;
  density: Density;
  /** The row shown when no grievance is. */
  empty: ReactNode;
  onDelete: (grievance: GrievanceSummaryRow) => void;
  /** The row reached with the keyboard, highlighted. */
  current?: number | null;
  /** The grievances selected: each row has its checkbox. */
  selection?: Selection;
}

export function GrievanceTable({ headingId, rows, order, onSort, density, empty, onDelete, current = null, selection }: GrievanceTableProps) {
  const { t } = useTranslation('grievances');
  const names = useGrievanceItemNames();
  const canRead = usePermission('grievances', 'read');
  const canUpdate = usePermission('grievances', 'update');
  const canDelete = usePermission('grievances', 'delete');

  const menuItems = (g: GrievanceSummaryRow): RowMenuItem[] => [
    ...(canRead ? [{ label: t('list.view'), icon: 'view', to: `/grievances/${g.id}` } as const] : []),
    ...(canUpdate ? [{ label: t('list.edit'), icon: 'edit', to: `/grievances/edit/${g.id}` } as const] : []),
    ...(canDelete ? [{ label: t('common:delete'), icon: 'delete', danger: true, onSelect: () => onDelete(g) } as const] : []),
  ];

  return (
    <DataTable
      columns={grievanceColumns(t, names)}
      rows={rows}
      rowKey={(g) => g.id}
      rowClassName={(g, index) => [index === current && 'row-current', selection?.has(g.id) && 'row-selected'].filter(Boolean).join(' ') || undefined}
      labelledBy={headingId}
      className={selection ? 'compact-table grievance-table selectable' : 'compact-table grievance-table'}
      size="small"
      highlightOnHover
      cards
      density={density}
      sort={{ order, onSort, firstDirection }}
      selection={
        selection && {
          header: t('bulk.column'),
          isSelected: (g) => selection.has(g.id),
          onChange: (g, on) => selection.set([g], on),
          label: (g) => t('bulk.select', { number: g.grievance_number }),
          allLabel: t('bulk.selectShown'),
          onChangeAll: (on) => selection.set(rows, on),
        }
      }
      rowMenu={{
        header: t('col.actions'),
        label: (g) => t('list.actionsFor', { number: g.grievance_number }),
        items: menuItems,
        none: t('list.noActions'),
      }}
      empty={empty}
    />
  );
}
