// One Admin Panel list: its items, and add / edit / delete.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { ListItem } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { StatusBadge } from '../../components/StatusBadge';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { listsApi, sortItems } from './api/lists';
import { useListItems } from './api/use-list-items';
import { hasDistrict, hasMeaning, hasRange } from './item-rules';
import { ItemFormDialog } from './ItemFormDialog';
import type { ListKindInfo } from './list-kinds';

type Open = { kind: 'add' } | { kind: 'edit'; item: ListItem } | { kind: 'delete'; item: ListItem } | null;

export function ListPanel({ list }: { list: ListKindInfo }) {
  // The server refuses writes without these (DESIGN.md); the buttons follow.
  const { t } = useTranslation('admin');
  const canCreate = usePermission('dropdowns', 'create');
  const canUpdate = usePermission('dropdowns', 'update');
  const canDelete = usePermission('dropdowns', 'delete');
  const { data, error, isLoading, mutate } = useListItems(list.kind);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const failure = useTransientMessage(3000);
  const notice = useTransientMessage(3000);
  const { show: showFailure } = failure;

  // 'Failed to load items' (or the server's text), cleared after 3 s.
  useEffect(() => {
    if (error) showFailure(errorText(error, t('items.loadFailed')));
  }, [error, showFailure]);

  const items = data ? sortItems(data) : [];
  const headingId = `list-heading-${list.kind}`;
  const close = () => setOpen(null);
  const withMeaning = hasMeaning(list.kind);
  const withDistrict = hasDistrict(list.kind);
  const withRange = hasRange(list.kind);
  const { data: districts } = useListItems(withDistrict ? 'districts' : null);
  const districtName = (id?: number | null) => (id ? (districts?.find((d) => d.id === id)?.name ?? '-') : t('items.noDistrict'));

  async function confirmDelete(item: ListItem) {
    setDeleting(true);
    failure.clear();
    try {
      await listsApi.remove(list.kind, item.id);
      notice.show(t('items.deleted', { name: item.name }));
    } catch (problem) {
      failure.show(errorText(problem, t('items.deleteFailed')));
    } finally {
      setDeleting(false);
      setOpen(null);
      void mutate();
    }
  }

  return (
    <section aria-labelledby={headingId} className="list-panel">
      <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Flex direction="column" gap="0">
          <Heading level={2} className="panel-title" id={headingId}>
            {list.label}
          </Heading>
          {data ? (
            <Text className="count-text">{t('items.count', { count: items.length })}</Text>
          ) : null}
        </Flex>
        {canCreate ? (
          <Button variation="primary" size="small" gap="xs" ariaLabel={t('items.addNewNamed', { what: list.singular })} onClick={() => setOpen({ kind: 'add' })}>
            <Icon name="add" size={18} />
            {t('items.addNew')}
          </Button>
        ) : null}
      </Flex>

      {notice.message ? (
        <Alert variation="success" role="status" className="panel-notice">
          {notice.message}
        </Alert>
      ) : null}
      {failure.message ? (
        <Alert variation="error" className="panel-notice">
          {failure.message}
        </Alert>
      ) : null}

      {isLoading ? (
        <LoadingState label={t('items.loading')} />
      ) : error && !data ? (
        <Flex direction="column" alignItems="flex-start" gap="small" padding="medium">
          <Text className="muted-text">{t('items.listFailed', { list: list.label.toLowerCase() })}</Text>
          <Button size="small" onClick={() => void mutate()} gap="xs">
            <Icon name="refresh" size={18} />
            {t('common:tryAgain')}
          </Button>
        </Flex>
      ) : items.length === 0 ? (
        <Text className="empty-state">{t('items.empty')}</Text>
      ) : (
        <div className="table-scroll">
          <Table className="data-table" aria-labelledby={headingId} highlightOnHover>
            <TableHead>
              <TableRow>
                <TableCell as="th">{t('items.name')}</TableCell>
                <TableCell as="th">{t('items.nameHi')}</TableCell>
                <TableCell as="th">{t('items.description')}</TableCell>
                <TableCell as="th" className="cell-number">
                  {t('items.order')}
                </TableCell>
                {withMeaning ? <TableCell as="th">{t('items.meaning')}</TableCell> : null}
                {withDistrict ? <TableCell as="th">{t('items.district')}</TableCell> : null}
                {withRange ? <TableCell as="th">{t('items.range')}</TableCell> : null}
                <TableCell as="th">{t('items.status')}</TableCell>
                <TableCell as="th">{t('users:col.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell data-label={t('items.name')} className="cell-strong">
                    {item.name}
                  </TableCell>
                  <TableCell data-label={t('items.nameHi')} lang="hi">
                    {item.name_hi || '-'}
                  </TableCell>
                  <TableCell data-label={t('items.description')} className="cell-wrap">
                    {item.description || '-'}
                  </TableCell>
                  <TableCell data-label={t('items.order')} className="cell-number">
                    {item.display_order}
                  </TableCell>
                  {withMeaning ? (
                    <TableCell data-label={t('items.meaning')}>{item.meaning ? t(`meaning.${item.meaning}`) : '-'}</TableCell>
                  ) : null}
                  {withDistrict ? <TableCell data-label={t('items.district')}>{districtName(item.district_id)}</TableCell> : null}
                  {withRange ? <TableCell data-label={t('items.range')}>{item.range || '-'}</TableCell> : null}
                  <TableCell data-label={t('items.status')}>
                    <StatusBadge active={item.is_active} />
                  </TableCell>
                  <TableCell data-label={t('users:col.actions')}>
                    {canUpdate || canDelete ? (
                      <Flex gap="xs" wrap="wrap" className="row-actions">
                        {canUpdate ? (
                          <Button size="small" ariaLabel={t('users:editNamed', { name: item.name })} onClick={() => setOpen({ kind: 'edit', item })}>
                            {t('users:edit')}
                          </Button>
                        ) : null}
                        {canDelete ? (
                          <Button
                            size="small"
                            className="danger-button"
                            ariaLabel={t('users:deleteNamed', { name: item.name })}
                            onClick={() => setOpen({ kind: 'delete', item })}
                          >
                            {t('common:delete')}
                          </Button>
                        ) : null}
                      </Flex>
                    ) : (
                      <Text as="span" className="muted-text">
                        {t('users:noActions')}
                      </Text>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <ItemFormDialog
          list={list}
          item={open.kind === 'edit' ? open.item : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? t('items.added', { name: saved.name }) : t('users:saved', { name: saved.name }));
            failure.clear();
            close();
            void mutate();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('items.deleteTitle', { what: list.singular })}
          busy={deleting}
          onCancel={close}
          onConfirm={() => void confirmDelete(open.item)}
        >
          {t('items.deleteQuestion', { name: open.item.name, list: list.label })}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
