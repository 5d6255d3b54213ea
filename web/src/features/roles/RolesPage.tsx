// Role Management (spec §2, §6): roles and what each may do.
import { LoadFailure } from '../../components/LoadFailure';
import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { RoleListEnvelope, RoleView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { ADMIN_ROLE } from '../auth/permissions';
import { usePermission } from '../auth/use-permission';
import { ROLES_KEY, rolesApi } from './api';
import { summarisePermissions } from './permission-summary';
import { RoleFormDialog } from './RoleFormDialog';
import { ADMIN_DELETE_MESSAGE } from './role-form';

type Open = { kind: 'add' } | { kind: 'edit'; role: RoleView } | { kind: 'delete'; role: RoleView } | null;

function PermissionSummaryCell({ role }: { role: RoleView }) {
  const summary = summarisePermissions(role.permissions);
  return (
    <div className="perm-summary">
      <Text as="span" className="perm-count">
        {summary.text}
      </Text>
      {summary.chips.length > 0 ? (
        <ul className="chip-list" aria-label={`Permissions of ${role.name}`}>
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
  const canCreate = usePermission('roles', 'create');
  const canUpdate = usePermission('roles', 'update');
  const canDelete = usePermission('roles', 'delete');
  const { data, error, isLoading, mutate } = useSWR<RoleListEnvelope>(ROLES_KEY);
  const [open, setOpen] = useState<Open>(null);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const adminRefusal = useTransientMessage(3000);
  const notice = useTransientMessage(5000);

  const roles = data?.data ?? [];
  const close = () => setOpen(null);

  function askDelete(role: RoleView) {
    if (role.name === ADMIN_ROLE) {
      adminRefusal.show(ADMIN_DELETE_MESSAGE);
      return;
    }
    setOpen({ kind: 'delete', role });
  }

  async function confirmDelete(role: RoleView) {
    setDeleting(true);
    setFailure(null);
    try {
      await rolesApi.remove(role.id);
      notice.show(`Role ${role.name} deleted.`);
    } catch (problem) {
      setFailure(errorText(problem, 'Failed to delete role'));
    } finally {
      setDeleting(false);
      setOpen(null);
      void mutate();
    }
  }

  return (
    <>
      <PageHeader
        title="Role Management"
        description="Roles and what each may do."
        actions={
          canCreate ? (
            <Button variation="primary" onClick={() => setOpen({ kind: 'add' })} gap="xs">
              <Icon name="add" size={18} />
              Add New Role
            </Button>
          ) : null
        }
      />

      {notice.message ? (
        <Alert variation="success" role="status" className="page-notice" isDismissible onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {adminRefusal.message ? (
        <Alert variation="warning" className="page-notice">
          {adminRefusal.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <Card variation="outlined" className="panel table-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} className="panel-title" id="roles-heading">
            Roles
          </Heading>
          {data ? <Text className="count-text">{roles.length === 1 ? '1 role' : `${roles.length} roles`}</Text> : null}
        </Flex>

        {isLoading ? (
          <LoadingState label="Loading roles..." />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, 'Failed to load roles')} onRetry={() => void mutate()} padded />
        ) : roles.length === 0 ? (
          <Text className="empty-state">No roles found</Text>
        ) : (
          <div className="table-scroll">
            <Table className="data-table" aria-labelledby="roles-heading" highlightOnHover>
              <TableHead>
                <TableRow>
                  <TableCell as="th">Role</TableCell>
                  <TableCell as="th">Description</TableCell>
                  <TableCell as="th">Permissions</TableCell>
                  <TableCell as="th">Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.map((role) => {
                  const isAdmin = role.name === ADMIN_ROLE;
                  return (
                    <TableRow key={role.id}>
                      <TableCell data-label="Role" className="cell-strong">
                        {role.name}
                        <span className="cell-sub">{role.user_count === 1 ? '1 user' : `${role.user_count} users`}</span>
                      </TableCell>
                      <TableCell data-label="Description" className="cell-wrap">
                        {role.description || '-'}
                      </TableCell>
                      <TableCell data-label="Permissions">
                        <PermissionSummaryCell role={role} />
                      </TableCell>
                      <TableCell data-label="Actions">
                        {canUpdate || canDelete ? (
                          <Flex gap="xs" wrap="wrap" className="row-actions">
                            {canUpdate ? (
                              <Button size="small" ariaLabel={`Edit ${role.name}`} onClick={() => setOpen({ kind: 'edit', role })}>
                                Edit
                              </Button>
                            ) : null}
                            {canDelete ? (
                              <Button
                                size="small"
                                className={isAdmin ? 'danger-button is-disabled' : 'danger-button'}
                                ariaLabel={`Delete ${role.name}`}
                                aria-disabled={isAdmin ? true : undefined}
                                title={isAdmin ? ADMIN_DELETE_MESSAGE : undefined}
                                onClick={() => askDelete(role)}
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
                  );
                })}
              </TableBody>
            </Table>
          </div>
        )}
      </Card>

      {open?.kind === 'add' || open?.kind === 'edit' ? (
        <RoleFormDialog
          role={open.kind === 'edit' ? open.role : undefined}
          onClose={close}
          onSaved={(saved) => {
            notice.show(open.kind === 'add' ? `Role ${saved.name} added.` : `Changes to ${saved.name} saved.`);
            setFailure(null);
            close();
            void mutate();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog title="Delete Role" busy={deleting} onCancel={close} onConfirm={() => void confirmDelete(open.role)}>
          Delete the role {open.role.name}? This cannot be undone.
        </ConfirmDialog>
      ) : null}
    </>
  );
}
