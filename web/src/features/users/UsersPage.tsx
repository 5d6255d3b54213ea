// User Management: staff accounts, their roles and status.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import type { UserView } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { actionsColumn, DeleteButton, EditButton } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { StatusBadge } from '../../components/StatusBadge';
import { useRecordList } from '../../components/use-record-list';
import { dash } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { ResetTwoFactorButton } from '../two-factor/ResetTwoFactorButton';
import { useUsers } from './api/use-users';
import { matchingUsers, usersApi, usersOf } from './api/users';
import { postingLabel, useOrganisationLists } from './posting';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

export default function UsersPage() {
  const { t } = useTranslation('users');
  const canCreate = usePermission('users', 'create');
  const canUpdate = usePermission('users', 'update');
  const canDelete = usePermission('users', 'delete');
  const records = useUsers();
  // The search is kept in the address, so that a reload or Back finds the same users.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const setSearch = (text: string) => setParams(text ? { q: text } : {}, { replace: true });
  const everyone = usersOf(records.data);
  const users = matchingUsers(everyone, search);
  const organisation = useOrganisationLists(everyone.some((user) => user.posting.level !== 'state'));
  const list = useRecordList<UserView>({
    records,
    loadingLabel: t('loading'),
    loadFailed: t('loadFailed'),
    remove: (user) => usersApi.remove(user.id),
    deleted: (user) => t('deleted', { name: user.name }),
    deleteFailed: t('deleteFailed'),
  });
  const [resetting, setResetting] = useState<UserView | null>(null);

  const columns: Column<UserView>[] = [
    {
      id: 'name',
      header: t('col.name'),
      className: 'cell-strong',
      cell: (user) => (
        <>
          {user.name}
          {user.designation ? <span className="cell-sub">{user.designation}</span> : null}
        </>
      ),
    },
    { id: 'email', header: t('col.email'), className: 'cell-wrap', cell: (user) => user.email },
    { id: 'phone', header: t('col.phone'), className: 'cell-nowrap', cell: (user) => dash(user.phone) },
    { id: 'department', header: t('col.department'), cell: (user) => dash(user.department) },
    { id: 'role', header: t('col.role'), cell: (user) => user.role_name },
    { id: 'posting', header: t('posting.level'), cell: (user) => postingLabel(user.posting, organisation.districts, organisation.stations) },
    { id: 'status', header: t('col.status'), cell: (user) => <StatusBadge active={user.status === 'active'} /> },
    actionsColumn(
      t('col.actions'),
      (user) => (
        <>
          {canUpdate ? <EditButton name={user.name} onClick={() => list.edit(user)} /> : null}
          {canUpdate ? (
            <Button size="small" ariaLabel={t('resetPasswordNamed', { name: user.name })} onClick={() => setResetting(user)}>
              {t('resetPassword')}
            </Button>
          ) : null}
          {canUpdate ? <ResetTwoFactorButton user={user} onReset={list.saved} onError={list.showFailure} /> : null}
          {canDelete ? <DeleteButton name={user.name} onClick={() => list.deletion.ask(user)} /> : null}
        </>
      ),
      true,
    ),
  ];

  return (
    <>
      <ListFrame
        catalogue="users"
        count={records.data ? (search.trim() ? t('countOf', { shown: users.length, count: everyone.length }) : t('count', { count: users.length })) : null}
        search={{ label: t('search'), placeholder: t('searchPlaceholder'), value: search, onChange: setSearch }}
        add={canCreate ? { label: t('add'), onClick: list.add } : null}
        {...list.frame}
      >
        {(headingId) => (
          <DataTable
            columns={columns}
            rows={users}
            rowKey={(user) => user.id}
            labelledBy={headingId}
            highlightOnHover
            cards
            empty={search.trim() && everyone.length ? t('noMatch', { text: search.trim() }) : t('empty')}
          />
        )}
      </ListFrame>

      {list.editing ? (
        <UserFormDialog
          mode={list.editing === 'new' ? 'add' : 'edit'}
          user={list.editing === 'new' ? undefined : list.editing}
          onClose={list.close}
          onSaved={(saved) => list.saved(t(list.editing === 'new' ? 'added' : 'saved', { name: saved.name }))}
        />
      ) : null}
      {resetting ? (
        <ResetPasswordDialog
          user={resetting}
          onClose={() => setResetting(null)}
          onDone={(user) => {
            list.notice.show(t('passwordReset', { name: user.name }));
            setResetting(null);
          }}
        />
      ) : null}
      <ConfirmDeletion deletion={list.deletion} title={t('deleteTitle')} question={(user) => t('deleteQuestion', { name: user.name, email: user.email })} />
    </>
  );
}
