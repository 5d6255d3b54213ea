// One Admin Panel list: its items, and add / edit / delete.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { ListItem } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { actionsColumn, DeleteButton, EditButton } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { StatusBadge } from '../../components/StatusBadge';
import { useRecordList } from '../../components/use-record-list';
import { dash } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { listsApi, sortItems } from './api/lists';
import { useListItems } from './api/use-list-items';
import { hasCode, hasDistrict, hasMeaning, hasRange } from './item-rules';
import { ItemFormDialog } from './ItemFormDialog';
import type { ListKindInfo } from './list-kinds';

export function ListPanel({ list }: { list: ListKindInfo }) {
  // The server refuses writes without these (DESIGN.md); the buttons follow.
  const { t } = useTranslation('admin');
  const canCreate = usePermission('dropdowns', 'create');
  const canUpdate = usePermission('dropdowns', 'update');
  const canDelete = usePermission('dropdowns', 'delete');
  const records = useListItems(list.kind);
  const { data, error } = records;
  const panel = useRecordList<ListItem>({
    records,
    loadingLabel: t('items.loading'),
    loadFailed: t('items.listFailed', { list: list.label.toLowerCase() }),
    remove: (item) => listsApi.remove(list.kind, item.id),
    deleted: (item) => t('items.deleted', { name: item.name }),
    deleteFailed: t('items.deleteFailed'),
    noticeMs: 3000,
    failureMs: 3000,
  });
  const { showFailure } = panel;

  // 'Failed to load items' (or the server's text), cleared after 3 s.
  useEffect(() => {
    if (error) showFailure(errorText(error, t('items.loadFailed')));
  }, [error, showFailure]);

  const items = data ? sortItems(data) : [];
  const withDistrict = hasDistrict(list.kind);
  const { data: districts } = useListItems(withDistrict ? 'districts' : null);
  const districtName = (id?: number | null) => (id ? (districts?.find((d) => d.id === id)?.name ?? '-') : t('items.noDistrict'));

  const columns: (Column<ListItem> | false)[] = [
    { id: 'name', header: t('items.name'), className: 'cell-strong', cell: (item) => item.name },
    hasCode(list.kind) && { id: 'code', header: t('items.code'), cell: (item) => dash(item.code) },
    { id: 'name-hi', header: t('items.nameHi'), lang: 'hi', cell: (item) => dash(item.name_hi) },
    { id: 'description', header: t('items.description'), className: 'cell-wrap', cell: (item) => dash(item.description) },
    { id: 'order', header: t('items.order'), headerClassName: 'cell-number', className: 'cell-number', cell: (item) => item.display_order },
    hasMeaning(list.kind) && { id: 'meaning', header: t('items.meaning'), cell: (item) => (item.meaning ? t(`meaning.${item.meaning}`) : '-') },
    withDistrict && { id: 'district', header: t('items.district'), cell: (item) => districtName(item.district_id) },
    hasRange(list.kind) && { id: 'range', header: t('items.range'), cell: (item) => dash(item.range) },
    { id: 'status', header: t('items.status'), cell: (item) => <StatusBadge active={item.is_active} /> },
    actionsColumn(t('users:col.actions'), (item) => (
      <>
        {canUpdate ? <EditButton name={item.name} onClick={() => panel.edit(item)} /> : null}
        {canDelete ? <DeleteButton name={item.name} onClick={() => panel.deletion.ask(item)} /> : null}
      </>
    )),
  ];

  return (
    <>
      <ListFrame
        heading={list.label}
        headingId={`list-heading-${list.kind}`}
        count={data ? t('items.count', { count: items.length }) : null}
        add={canCreate ? { label: t('items.addNew'), ariaLabel: t('items.addNewNamed', { what: list.singular }), onClick: panel.add } : null}
        {...panel.frame}
      >
        {(headingId) => (
          <DataTable columns={columns} rows={items} rowKey={(item) => item.id} labelledBy={headingId} highlightOnHover cards empty={t('items.empty')} />
        )}
      </ListFrame>

      {panel.editing ? (
        <ItemFormDialog
          list={list}
          item={panel.editing === 'new' ? undefined : panel.editing}
          onClose={panel.close}
          onSaved={(saved) => panel.saved(panel.editing === 'new' ? t('items.added', { name: saved.name }) : t('users:saved', { name: saved.name }))}
        />
      ) : null}
      <ConfirmDeletion
        deletion={panel.deletion}
        title={t('items.deleteTitle', { what: list.singular })}
        question={(item) => t('items.deleteQuestion', { name: item.name, list: list.label })}
      />
    </>
  );
}
