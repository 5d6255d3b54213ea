// Role Management: roles and what each may do.
import { useTranslation } from 'react-i18next';
import { Text } from '@aws-amplify/ui-react';
import type { RoleView } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { actionsColumn, DeleteButton, EditButton } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { useRecordList } from '../../components/use-record-list';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash } from '../../lib/format';
import { ADMIN_ROLE } from '../auth/permissions';
import { usePermission } from '../auth/use-permission';
import { rolesApi } from './api/roles';
import { useRoles } from './api/use-roles';
import { summarisePermissions } from './permission-summary';
import { RoleFormDialog } from './RoleFormDialog';
import { adminDeleteMessage } from './role-form';

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
  const records = useRoles();
  const roles = records.data?.data ?? [];
  const adminRefusal = useTransientMessage(3000);
  const list = useRecordList<RoleView>({
    records,
    loadingLabel: t('loading'),
    loadFailed: t('loadFailed'),
    remove: (role) => rolesApi.remove(role.id),
    deleted: (role) => t('deleted', { name: role.name }),
    deleteFailed: t('deleteFailed'),
  });

  // The Admin role is never deleted: the button says so rather than asking.
  function askDelete(role: RoleView) {
    if (role.name === ADMIN_ROLE) adminRefusal.show(adminDeleteMessage());
    else list.deletion.ask(role);
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
    actionsColumn(t('users:col.actions'), (role) => (
      <>
        {canUpdate ? <EditButton name={role.name} onClick={() => list.edit(role)} /> : null}
        {canDelete ? (
          <DeleteButton name={role.name} refusal={role.name === ADMIN_ROLE ? adminDeleteMessage() : undefined} onClick={() => askDelete(role)} />
        ) : null}
      </>
    )),
  ];

  return (
    <>
      <ListFrame
        catalogue="roles"
        count={records.data ? t('count', { count: roles.length }) : null}
        add={canCreate ? { label: t('addNew'), onClick: list.add } : null}
        warning={adminRefusal.message}
        {...list.frame}
      >
        {(headingId) => (
          <DataTable columns={columns} rows={roles} rowKey={(role) => role.id} labelledBy={headingId} highlightOnHover cards empty={t('empty')} />
        )}
      </ListFrame>

      {list.editing ? (
        <RoleFormDialog
          role={list.editing === 'new' ? undefined : list.editing}
          onClose={list.close}
          onSaved={(saved) => list.saved(list.editing === 'new' ? t('added', { name: saved.name }) : t('users:saved', { name: saved.name }))}
        />
      ) : null}
      <ConfirmDeletion deletion={list.deletion} title={t('deleteTitle')} question={(role) => t('deleteQuestion', { name: role.name })} />
    </>
  );
}
