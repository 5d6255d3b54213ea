// One Admin Panel list: its items, and add / edit / delete.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors';
import type { ListItem } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { DeleteButton, EditButton, RowActions } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { StatusBadge } from '../../components/StatusBadge';
import { useDeletion } from '../../components/use-deletion';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { listsApi, sortItems } from './api/lists';
import { useListItems } from './api/use-list-items';
import { hasDistrict, hasMeaning, hasRange } from './item-rules';
import { ItemFormDialog } from './ItemFormDialog';
import type { ListKindInfo } from './list-kinds';

type Open = { kind: 'add' } | { kind: 'edit'; item: ListItem } | null;

export function ListPanel({ list }: { list: ListKindInfo }) {
  // The server refuses writes without these (DESIGN.md); the buttons follow.
  const { t } = useTranslation('admin');
  const canCreate = usePermission('dropdowns', 'create');
  const canUpdate = usePermission('dropdowns', 'update');
  const canDelete = usePermission('dropdowns', 'delete');
  const { data, error, isLoading, mutate } = useListItems(list.kind);
  const [open, setOpen] = useState<Open>(null);
  const failure = useTransientMessage(3000);
  const notice = useTransientMessage(3000);
  const { show: showFailure } = failure;
  const reload = () => void mutate();
  const deletion = useDeletion<ListItem>({
    remove: (item) => listsApi.remove(list.kind, item.id),
    deleted: (item) => t('items.deleted', { name: item.name }),
    failed: t('items.deleteFailed'),
    onDeleted: notice.show,
    onFailure: (text) => (text ? failure.show(text) : failure.clear()),
    onSettled: reload,
  });

  // 'Failed to load items' (or the server's text), cleared after 3 s.
  useEffect(() => {
    if (error) showFailure(errorText(error, t('items.loadFailed')));
  }, [error, showFailure]);

  const items = data ? sortItems(data) : [];
  const headingId = `list-heading-${list.kind}`;
  const close = () => setOpen(null);
  const withDistrict = hasDistrict(list.kind);
  const { data: districts } = useListItems(withDistrict ? 'districts' : null);
  const districtName = (id?: number | null) => (id ? (districts?.find((d) => d.id === id)?.name ?? '-') : t('items.noDistrict'));

  const columns: (Column<ListItem> | false)[] = [
    { id: 'name', header: t('items.name'), className: 'cell-strong', cell: (item) => item.name },
    { id: 'name-hi', header: t('items.nameHi'), lang: 'hi', cell: (item) => dash(item.name_hi) },
    { id: 'description', header: t('items.description'), className: 'cell-wrap', cell: (item) => dash(item.description) },
    { id: 'order', header: t('items.order'), headerClassName: 'cell-number', className: 'cell-number', cell: (item) => item.display_order },
    hasMeaning(list.kind) && { id: 'meaning', header: t('items.meaning'), cell: (item) => (item.meaning ? t(`meaning.${item.meaning}`) : '-') },
    withDistrict && { id: 'district', header: t('items.district'), cell: (item) => districtName(item.district_id) },
    hasRange(list.kind) && { id: 'range', header: t('items.range'), cell: (item) => dash(item.range) },
    { id: 'status', header: t('items.status'), cell: (item) => <StatusBadge active={item.is_active} /> },
    {
      id: 'actions',
      header: t('users:col.actions'),
      className: 'cell-actions',
      cell: (item) => (
        <RowActions>
          {canUpdate ? <EditButton name={item.name} onClick={() => setOpen({ kind: 'edit', item })} /> : null}
          {canDelete ? <DeleteButton name={item.name} onClick={() => deletion.ask(item)} /> : null}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        kind="panel"
        heading={list.label}
        headingId={headingId}
        count={data ? t('items.count', { count: items.length }) : null}
        add={canCreate ? { label: t('items.addNew'), ariaLabel: t('items.addNewNamed', { what: list.singular }), onClick: () => setOpen({ kind: 'add' }) } : null}
        notice={notice}
        failure={failure.message}
        onDismissFailure={failure.clear}
        load={{
          isLoading,
          failed: Boolean(error && !data),
          loadingLabel: t('items.loading'),
          failedText: t('items.listFailed', { list: list.label.toLowerCase() }),
          onRetry: reload,
        }}
      >
        <DataTable columns={columns} rows={items} rowKey={(item) => item.id} labelledBy={headingId} highlightOnHover cards empty={t('items.empty')} />
      </ListFrame>

      {open ? (
        <ItemFormDialog
          list={list}
          item={open.kind === 'edit' ? open.item : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? t('items.added', { name: saved.name }) : t('users:saved', { name: saved.name }));
            failure.clear();
            close();
            reload();
          }}
        />
      ) : null}
      <ConfirmDeletion
        deletion={deletion}
        title={t('items.deleteTitle', { what: list.singular })}
        question={(item) => t('items.deleteQuestion', { name: item.name, list: list.label })}
      />
    </>
  );
}
