// User Management: staff accounts, their roles and status.
import { LoadFailure } from '../../components/LoadFailure';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Heading, SearchField, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../api/errors';
import type { UserView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { ResetTwoFactorButton } from '../two-factor/ResetTwoFactorButton';
import { useUsers } from './api/use-users';
import { matchingUsers, usersApi, usersOf } from './api/users';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';
import { postingLabel, useOrganisationLists } from './posting';
import { dismissLabel, searchFieldLabels } from '../../i18n/amplify-labels';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; user: UserView }
  | { kind: 'reset'; user: UserView }
  | { kind: 'delete'; user: UserView }
  | null;

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

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
  const organisation = useOrganisationLists(usersOf(data).some((user) => user.posting.level !== 'state'));
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);

  const everyone = usersOf(data);
  const users = matchingUsers(everyone, search);
  const close = () => setOpen(null);

  async function confirmDelete(user: UserView) {
    setDeleting(true);
    setFailure(null);
    try {
      await usersApi.remove(user.id);
      notice.show(t('deleted', { name: user.name }));
    } catch (problem) {
      setFailure(errorText(problem, t('deleteFailed')));
    } finally {
      setDeleting(false);
      setOpen(null);
      void mutate();
    }
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          canCreate ? (
            <Button variation="primary" onClick={() => setOpen({ kind: 'add' })} gap="xs">
              <Icon name="add" size={18} />
              {t('add')}
            </Button>
          ) : null
        }
      />

      {notice.message ? (
        <Alert variation="success" role="status" className="page-toast" isDismissible {...dismissLabel()} onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible {...dismissLabel()} onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <Card variation="outlined" className="panel table-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} className="panel-title" id="users-heading">
            {t('heading')}
          </Heading>
          <Flex gap="small" alignItems="center" wrap="wrap">
            <SearchField
              {...searchFieldLabels()}
              label={t('search')}
              size="small"
              placeholder={t('searchPlaceholder')}
              hasSearchButton={false}
              maxLength={100}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              onClear={() => setSearch('')}
            />
            {data ? (
              <Text className="count-text" role="status">
                {search.trim() ? t('countOf', { shown: users.length, count: everyone.length }) : t('count', { count: users.length })}
              </Text>
            ) : null}
          </Flex>
        </Flex>

        {isLoading ? (
          <LoadingState label={t('loading')} />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, t('loadFailed'))} onRetry={() => void mutate()} padded />
        ) : users.length === 0 ? (
          <Text className="empty-state">{search.trim() && everyone.length ? t('noMatch', { text: search.trim() }) : t('empty')}</Text>
        ) : (
          // Focusable, so that a keyboard scrolls a table too wide for the screen even when
          // it holds no button (a reader of users has none).
          <div className="table-scroll" role="region" aria-labelledby="users-heading" tabIndex={0}>
            <Table className="data-table" aria-labelledby="users-heading" highlightOnHover>
              <TableHead>
                <TableRow>
                  <TableCell as="th">{t('col.name')}</TableCell>
                  <TableCell as="th">{t('col.email')}</TableCell>
                  <TableCell as="th">{t('col.phone')}</TableCell>
                  <TableCell as="th">{t('col.department')}</TableCell>
                  <TableCell as="th">{t('col.role')}</TableCell>
                  <TableCell as="th">{t('posting.level')}</TableCell>
                  <TableCell as="th">{t('col.status')}</TableCell>
                  <TableCell as="th">{t('col.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell data-label={t('col.name')} className="cell-strong">
                      {user.name}
                      {user.designation ? <span className="cell-sub">{user.designation}</span> : null}
                    </TableCell>
                    <TableCell data-label={t('col.email')} className="cell-wrap">
                      {user.email}
                    </TableCell>
                    <TableCell data-label={t('col.phone')} className="cell-nowrap">
                      {dash(user.phone)}
                    </TableCell>
                    <TableCell data-label={t('col.department')}>{dash(user.department)}</TableCell>
                    <TableCell data-label={t('col.role')}>{user.role_name}</TableCell>
                    <TableCell data-label={t('posting.level')}>{postingLabel(user.posting, organisation.districts, organisation.stations)}</TableCell>
                    <TableCell data-label={t('col.status')}>
                      <StatusBadge active={user.status === 'active'} />
                    </TableCell>
                    <TableCell data-label={t('col.actions')}>
                      {canUpdate || canDelete ? (
                        <Flex gap="xs" wrap="wrap" className="row-actions can-wrap">
                          {canUpdate ? (
                            <>
                              <Button size="small" ariaLabel={t('editNamed', { name: user.name })} onClick={() => setOpen({ kind: 'edit', user })}>
                                {t('edit')}
                              </Button>
                              <Button
                                size="small"
                                ariaLabel={t('resetPasswordNamed', { name: user.name })}
                                onClick={() => setOpen({ kind: 'reset', user })}
                              >
                                {t('resetPassword')}
                              </Button>
                              <ResetTwoFactorButton
                                user={user}
                                onReset={(message) => {
                                  notice.show(message);
                                  setFailure(null);
                                  void mutate();
                                }}
                                onError={setFailure}
                              />
                            </>
                          ) : null}
                          {canDelete ? (
                            <Button
                              size="small"
                              className="danger-button"
                              ariaLabel={t('deleteNamed', { name: user.name })}
                              onClick={() => setOpen({ kind: 'delete', user })}
                            >
                              {t('common:delete')}
                            </Button>
                          ) : null}
                        </Flex>
                      ) : (
                        <Text as="span" className="muted-text">
                          {t('noActions')}
                        </Text>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <UserFormDialog
          mode={open.kind}
          user={open.kind === 'edit' ? open.user : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? t('added', { name: saved.name }) : t('saved', { name: saved.name }));
            setFailure(null);
            close();
            void mutate();
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
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('deleteTitle')}
          busy={deleting}
          onCancel={close}
          onConfirm={() => void confirmDelete(open.user)}
        >
          {t('deleteQuestion', { name: open.user.name, email: open.user.email })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
