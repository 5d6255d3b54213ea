// User Management: staff accounts, their roles and status.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import type { UserView } from '../../api/types';
import { ConfirmDeletion } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { DeleteButton, EditButton, RowActions } from '../../components/data-table/RowActions';
import { ListFrame } from '../../components/ListFrame';
import { StatusBadge } from '../../components/StatusBadge';
import { useDeletion } from '../../components/use-deletion';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { ResetTwoFactorButton } from '../two-factor/ResetTwoFactorButton';
import { useUsers } from './api/use-users';
import { matchingUsers, usersApi, usersOf } from './api/users';
import { postingLabel, useOrganisationLists } from './posting';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

type Open = { kind: 'add' } | { kind: 'edit'; user: UserView } | { kind: 'reset'; user: UserView } | null;

const HEADING_ID = 'users-heading';

export default function UsersPage() {
  const { t } = useTranslation('users');
  const canCreate = usePermission('users', 'create');
  const canUpdate = usePermission('users', 'update');
  const canDelete = usePermission('users', 'delete');
  const { data, error, isLoading, mutate } = useUsers();
  // The search is kept in the address, so that a reload or Back finds the same users.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const setSearch = (text: string) => setParams(text ? { q: text } : {}, { replace: true });
  const everyone = usersOf(data);
  const users = matchingUsers(everyone, search);
  const organisation = useOrganisationLists(everyone.some((user) => user.posting.level !== 'state'));
  const [open, setOpen] = useState<Open>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);
  const close = () => setOpen(null);
  const reload = () => void mutate();
  const deletion = useDeletion<UserView>({
    remove: (user) => usersApi.remove(user.id),
    deleted: (user) => t('deleted', { name: user.name }),
    failed: t('deleteFailed'),
    onDeleted: notice.show,
    onFailure: setFailure,
    onSettled: reload,
  });

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
    {
      id: 'actions',
      header: t('col.actions'),
      className: 'cell-actions',
      cell: (user) => (
        <RowActions wrap>
          {canUpdate ? <EditButton name={user.name} onClick={() => setOpen({ kind: 'edit', user })} /> : null}
          {canUpdate ? (
            <Button size="small" ariaLabel={t('resetPasswordNamed', { name: user.name })} onClick={() => setOpen({ kind: 'reset', user })}>
              {t('resetPassword')}
            </Button>
          ) : null}
          {canUpdate ? (
            <ResetTwoFactorButton
              user={user}
              onReset={(message) => {
                notice.show(message);
                setFailure(null);
                reload();
              }}
              onError={setFailure}
            />
          ) : null}
          {canDelete ? <DeleteButton name={user.name} onClick={() => deletion.ask(user)} /> : null}
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
        count={data ? (search.trim() ? t('countOf', { shown: users.length, count: everyone.length }) : t('count', { count: users.length })) : null}
        search={{ label: t('search'), placeholder: t('searchPlaceholder'), value: search, onChange: setSearch }}
        add={canCreate ? { label: t('add'), onClick: () => setOpen({ kind: 'add' }) } : null}
        notice={notice}
        failure={failure}
        onDismissFailure={() => setFailure(null)}
        load={{ isLoading, failed: Boolean(error && !data), loadingLabel: t('loading'), failedText: errorText(error, t('loadFailed')), onRetry: reload }}
      >
        <DataTable
          columns={columns}
          rows={users}
          rowKey={(user) => user.id}
          labelledBy={HEADING_ID}
          highlightOnHover
          cards
          empty={search.trim() && everyone.length ? t('noMatch', { text: search.trim() }) : t('empty')}
        />
      </ListFrame>

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <UserFormDialog
          mode={open.kind}
          user={open.kind === 'edit' ? open.user : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? t('added', { name: saved.name }) : t('saved', { name: saved.name }));
            setFailure(null);
            close();
            reload();
          }}
        />
      ) : null}
      {open?.kind === 'reset' ? (
        <ResetPasswordDialog
          user={open.user}
          onClose={close}
          onDone={(user) => {
            notice.show(t('passwordReset', { name: user.name }));
            close();
          }}
        />
      ) : null}
      <ConfirmDeletion deletion={deletion} title={t('deleteTitle')} question={(user) => t('deleteQuestion', { name: user.name, email: user.email })} />
    </>
  );
}
