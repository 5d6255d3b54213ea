// User Management (spec §2, §6): staff accounts, their roles and status.
import { LoadFailure } from '../../components/LoadFailure';
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { UserListEnvelope, UserView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { USERS_KEY, usersApi, usersOf } from './api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { UserFormDialog } from './UserFormDialog';

type Open =
  | { kind: 'add' }
  | { kind: 'edit'; user: UserView }
  | { kind: 'reset'; user: UserView }
  | { kind: 'delete'; user: UserView }
  | null;

const dash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

export default function UsersPage() {
  const canCreate = usePermission('users', 'create');
  const canUpdate = usePermission('users', 'update');
  const canDelete = usePermission('users', 'delete');
  const { data, error, isLoading, mutate } = useSWR<UserListEnvelope>(USERS_KEY);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);

  const users = usersOf(data);
  const close = () => setOpen(null);

  async function confirmDelete(user: UserView) {
    setDeleting(true);
    setFailure(null);
    try {
      await usersApi.remove(user.id);
      notice.show(`User ${user.name} deleted.`);
    } catch (problem) {
      setFailure(errorText(problem, 'Failed to delete user'));
    } finally {
      setDeleting(false);
      setOpen(null);
      void mutate();
    }
  }

  return (
    <>
      <PageHeader
        title="User Management"
        description="Staff accounts, their roles and status."
        actions={
          canCreate ? (
            <Button variation="primary" onClick={() => setOpen({ kind: 'add' })} gap="xs">
              <Icon name="add" size={18} />
              Add User
            </Button>
          ) : null
        }
      />

      {notice.message ? (
        <Alert variation="success" role="status" className="page-notice" isDismissible onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <Card variation="outlined" className="panel table-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} className="panel-title" id="users-heading">
            Users
          </Heading>
          {data ? <Text className="count-text">{users.length === 1 ? '1 user' : `${users.length} users`}</Text> : null}
        </Flex>

        {isLoading ? (
          <LoadingState label="Loading users..." />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, 'Failed to load users')} onRetry={() => void mutate()} padded />
        ) : users.length === 0 ? (
          <Text className="empty-state">No users found</Text>
        ) : (
          <div className="table-scroll">
            <Table className="data-table" aria-labelledby="users-heading" highlightOnHover>
              <TableHead>
                <TableRow>
                  <TableCell as="th">Name</TableCell>
                  <TableCell as="th">Email</TableCell>
                  <TableCell as="th">Phone</TableCell>
                  <TableCell as="th">Department</TableCell>
                  <TableCell as="th">Role</TableCell>
                  <TableCell as="th">Status</TableCell>
                  <TableCell as="th">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {users.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell data-label="Name" className="cell-strong">
                      {user.name}
                      {user.designation ? <span className="cell-sub">{user.designation}</span> : null}
                    </TableCell>
                    <TableCell data-label="Email" className="cell-wrap">
                      {user.email}
                    </TableCell>
                    <TableCell data-label="Phone" className="cell-nowrap">
                      {dash(user.phone)}
                    </TableCell>
                    <TableCell data-label="Department">{dash(user.department)}</TableCell>
                    <TableCell data-label="Role">{user.role_name}</TableCell>
                    <TableCell data-label="Status">
                      <StatusBadge active={user.status === 'active'} />
                    </TableCell>
                    <TableCell data-label="Actions">
                      {canUpdate || canDelete ? (
                        <Flex gap="xs" wrap="wrap" className="row-actions can-wrap">
                          {canUpdate ? (
                            <>
                              <Button size="small" ariaLabel={`Edit ${user.name}`} onClick={() => setOpen({ kind: 'edit', user })}>
                                Edit
                              </Button>
                              <Button
                                size="small"
                                ariaLabel={`Reset Password for ${user.name}`}
                                onClick={() => setOpen({ kind: 'reset', user })}
                              >
                                Reset Password
                              </Button>
                            </>
                          ) : null}
                          {canDelete ? (
                            <Button
                              size="small"
                              className="danger-button"
                              ariaLabel={`Delete ${user.name}`}
                              onClick={() => setOpen({ kind: 'delete', user })}
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
      </Card>

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <UserFormDialog
          mode={open.kind}
          user={open.kind === 'edit' ? open.user : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? `User ${saved.name} added.` : `Changes to ${saved.name} saved.`);
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
            notice.show(`Password reset for ${user.name}.`);
            close();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title="Delete User"
          busy={deleting}
          onCancel={close}
          onConfirm={() => void confirmDelete(open.user)}
        >
          Delete the user {open.user.name} ({open.user.email})? They will no longer be able to sign in. This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
