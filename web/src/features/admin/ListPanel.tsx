// One Admin Panel list: its items, and add / edit / delete (spec §2 "Admin Panel").
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { ListItem } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { StatusBadge } from '../../components/StatusBadge';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { listKey, listsApi, sortItems } from './api';
import { ItemFormDialog } from './ItemFormDialog';
import type { ListKindInfo } from './list-kinds';

type Open = { kind: 'add' } | { kind: 'edit'; item: ListItem } | { kind: 'delete'; item: ListItem } | null;

export function ListPanel({ list }: { list: ListKindInfo }) {
  // The server refuses writes without these (DESIGN.md); the buttons follow.
  const canCreate = usePermission('dropdowns', 'create');
  const canUpdate = usePermission('dropdowns', 'update');
  const canDelete = usePermission('dropdowns', 'delete');
  const { data, error, isLoading, mutate } = useSWR<ListItem[]>(listKey(list.kind));
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const failure = useTransientMessage(3000);
  const notice = useTransientMessage(3000);
  const { show: showFailure } = failure;

  // 'Failed to load items' (or the server's text), cleared after 3 s.
  useEffect(() => {
    if (error) showFailure(errorText(error, 'Failed to load items'));
  }, [error, showFailure]);

  const items = data ? sortItems(data) : [];
  const headingId = `list-heading-${list.kind}`;
  const close = () => setOpen(null);

  async function confirmDelete(item: ListItem) {
    setDeleting(true);
    failure.clear();
    try {
      await listsApi.remove(list.kind, item.id);
      notice.show(`${item.name} deleted.`);
    } catch (problem) {
      failure.show(errorText(problem, 'Failed to delete item'));
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
            <Text className="count-text">{items.length === 1 ? '1 item' : `${items.length} items`}</Text>
          ) : null}
        </Flex>
        {canCreate ? (
          <Button variation="primary" size="small" gap="xs" ariaLabel={`Add New ${list.singular}`} onClick={() => setOpen({ kind: 'add' })}>
            <Icon name="add" size={18} />
            Add New
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
        <LoadingState label="Loading items..." />
      ) : error && !data ? (
        <Flex direction="column" alignItems="flex-start" gap="small" padding="medium">
          <Text className="muted-text">The {list.label.toLowerCase()} could not be loaded.</Text>
          <Button size="small" onClick={() => void mutate()} gap="xs">
            <Icon name="refresh" size={18} />
            Try Again
          </Button>
        </Flex>
      ) : items.length === 0 ? (
        <Text className="empty-state">No items found</Text>
      ) : (
        <div className="table-scroll">
          <Table className="data-table" aria-labelledby={headingId} highlightOnHover>
            <TableHead>
              <TableRow>
                <TableCell as="th">Name</TableCell>
                <TableCell as="th">Description</TableCell>
                <TableCell as="th" className="cell-number">
                  Order
                </TableCell>
                <TableCell as="th">Status</TableCell>
                <TableCell as="th">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell data-label="Name" className="cell-strong">
                    {item.name}
                  </TableCell>
                  <TableCell data-label="Description" className="cell-wrap">
                    {item.description || '-'}
                  </TableCell>
                  <TableCell data-label="Order" className="cell-number">
                    {item.display_order}
                  </TableCell>
                  <TableCell data-label="Status">
                    <StatusBadge active={item.is_active} />
                  </TableCell>
                  <TableCell data-label="Actions">
                    {canUpdate || canDelete ? (
                      <Flex gap="xs" wrap="wrap" className="row-actions">
                        {canUpdate ? (
                          <Button size="small" ariaLabel={`Edit ${item.name}`} onClick={() => setOpen({ kind: 'edit', item })}>
                            Edit
                          </Button>
                        ) : null}
                        {canDelete ? (
                          <Button
                            size="small"
                            className="danger-button"
                            ariaLabel={`Delete ${item.name}`}
                            onClick={() => setOpen({ kind: 'delete', item })}
                          >
                            Delete
                          </Button>
                        ) : null}
                      </Flex>
                    ) : (
                      <Text as="span" className="muted-text">
                        No actions available
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
            notice.show(open.kind === 'add' ? `${saved.name} added.` : `Changes to ${saved.name} saved.`);
            failure.clear();
            close();
            void mutate();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={`Delete ${list.singular}`}
          busy={deleting}
          onCancel={close}
          onConfirm={() => void confirmDelete(open.item)}
        >
          Delete {open.item.name} from {list.label}? This cannot be undone. An item that grievances use can only be
          deactivated.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
