// Role Management: roles and what each may do.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { RoleView } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { DeleteButton, EditButton, RowActions } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { useDeletion } from '../../components/use-deletion';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash } from '../../lib/format';
import { ADMIN_ROLE } from '../auth/permissions';
import { usePermission } from '../auth/use-permission';
import { rolesApi } from './api/roles';
import { useRoles } from './api/use-roles';
import { summarisePermissions } from './permission-summary';
import { RoleFormDialog } from './RoleFormDialog';
import { adminDeleteMessage } from './role-form';

type Open = { kind: 'add' } | { kind: 'edit'; role: RoleView } | null;

const HEADING_ID = 'roles-heading';

function PermissionSummaryCell({ role }: { role: RoleView }) {
  const { t } = useTranslation('roles');
  const summary = summarisePermissions(role.permissions);
  return (
    <div className="perm-summary">
      <Text as="span" className="perm-count">
        {summary.text}
      </Text>
      {summary.chips.length > 0 ? (
        <ul className="chip-list" aria-label={t('permissionsOf', { name: role.name })}>
          {summary.chips.map((chip) => (
            <li key={chip.resource} className="chip">
              {chip.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function RolesPage() {
  const { t } = useTranslation('roles');
  const canCreate = usePermission('roles', 'create');
  const canUpdate = usePermission('roles', 'update');
  const canDelete = usePermission('roles', 'delete');
  const { data, error, isLoading, mutate } = useRoles();
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const adminRefusal = useTransientMessage(3000);
  const notice = useTransientMessage(5000);
  const roles = data?.data ?? [];
  const close = () => setOpen(null);
  const reload = () => void mutate();
  const deletion = useDeletion<RoleView>({
    remove: (role) => rolesApi.remove(role.id),
    deleted: (role) => t('deleted', { name: role.name }),
    failed: t('deleteFailed'),
    onDeleted: notice.show,
    onFailure: setFailure,
    onSettled: reload,
  });

  // The Admin role is never deleted: the button says so rather than asking.
  function askDelete(role: RoleView) {
    if (role.name === ADMIN_ROLE) adminRefusal.show(adminDeleteMessage());
    else deletion.ask(role);
  }

  const columns: Column<RoleView>[] = [
    {
      id: 'role',
      header: t('col.role'),
      className: 'cell-strong',
      cell: (role) => (
        <>
          {role.name}
          <span className="cell-sub">{t('users:count', { count: role.user_count })}</span>
        </>
      ),
    },
    { id: 'description', header: t('col.description'), className: 'cell-wrap', cell: (role) => dash(role.description) },
    { id: 'permissions', header: t('permissions'), cell: (role) => <PermissionSummaryCell role={role} /> },
    {
      id: 'actions',
      header: t('users:col.actions'),
      className: 'cell-actions',
      cell: (role) => (
        <RowActions>
          {canUpdate ? <EditButton name={role.name} onClick={() => setOpen({ kind: 'edit', role })} /> : null}
          {canDelete ? (
            <DeleteButton name={role.name} refusal={role.name === ADMIN_ROLE ? adminDeleteMessage() : undefined} onClick={() => askDelete(role)} />
          ) : null}
        </RowActions>
      ),
    },
  ];

  return (
    <>
      <ListFrame
        kind="page"
        title={t('title')}
        description={t('description')}
        heading={t('heading')}
        headingId={HEADING_ID}
        count={data ? t('count', { count: roles.length }) : null}
        add={canCreate ? { label: t('addNew'), onClick: () => setOpen({ kind: 'add' }) } : null}
        notice={notice}
        failure={failure}
        onDismissFailure={() => setFailure(null)}
        warning={adminRefusal.message}
        load={{ isLoading, failed: Boolean(error && !data), loadingLabel: t('loading'), failedText: errorText(error, t('loadFailed')), onRetry: reload }}
      >
        <DataTable columns={columns} rows={roles} rowKey={(role) => role.id} labelledBy={HEADING_ID} highlightOnHover cards empty={t('empty')} />
      </ListFrame>

      {open ? (
        <RoleFormDialog
          role={open.kind === 'edit' ? open.role : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? t('added', { name: saved.name }) : t('users:saved', { name: saved.name }));
            setFailure(null);
            close();
            reload();
          }}
        />
      ) : null}
      <ConfirmDeletion deletion={deletion} title={t('deleteTitle')} question={(role) => t('deleteQuestion', { name: role.name })} />
    </>
  );
}
