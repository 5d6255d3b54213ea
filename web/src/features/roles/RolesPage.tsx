// Role Management: roles and what each may do.
import { LoadFailure } from '../../components/LoadFailure';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { RoleView } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { ADMIN_ROLE } from '../auth/permissions';
import { usePermission } from '../auth/use-permission';
import { rolesApi } from './api/roles';
import { useRoles } from './api/use-roles';
import { summarisePermissions } from './permission-summary';
import { RoleFormDialog } from './RoleFormDialog';
import { adminDeleteMessage } from './role-form';
import { dismissLabel } from '../../i18n/amplify-labels';

type Open = { kind: 'add' } | { kind: 'edit'; role: RoleView } | { kind: 'delete'; role: RoleView } | null;

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
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const adminRefusal = useTransientMessage(3000);
  const notice = useTransientMessage(5000);

  const roles = data?.data ?? [];
  const close = () => setOpen(null);

  function askDelete(role: RoleView) {
    if (role.name === ADMIN_ROLE) {
      adminRefusal.show(adminDeleteMessage());
      return;
    }
    setOpen({ kind: 'delete', role });
  }

  async function confirmDelete(role: RoleView) {
    setDeleting(true);
    setFailure(null);
    try {
      await rolesApi.remove(role.id);
      notice.show(t('deleted', { name: role.name }));
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
              {t('addNew')}
            </Button>
          ) : null
        }
      />

      {notice.message ? (
        <Alert variation="success" role="status" className="page-toast" isDismissible {...dismissLabel()} onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {adminRefusal.message ? (
        <Alert variation="warning" className="page-notice">
          {adminRefusal.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible {...dismissLabel()} onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <Card variation="outlined" className="panel table-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} className="panel-title" id="roles-heading">
            {t('heading')}
          </Heading>
          {data ? <Text className="count-text">{t('count', { count: roles.length })}</Text> : null}
        </Flex>

        {isLoading ? (
          <LoadingState label={t('loading')} />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, t('loadFailed'))} onRetry={() => void mutate()} padded />
        ) : roles.length === 0 ? (
          <Text className="empty-state">{t('empty')}</Text>
        ) : (
          <div className="table-scroll">
            <Table className="data-table" aria-labelledby="roles-heading" highlightOnHover>
              <TableHead>
                <TableRow>
                  <TableCell as="th">{t('col.role')}</TableCell>
                  <TableCell as="th">{t('col.description')}</TableCell>
                  <TableCell as="th">{t('permissions')}</TableCell>
                  <TableCell as="th">{t('users:col.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.map((role) => {
                  const isAdmin = role.name === ADMIN_ROLE;
                  return (
                    <TableRow key={role.id}>
                      <TableCell data-label={t('col.role')} className="cell-strong">
                        {role.name}
                        <span className="cell-sub">{t('users:count', { count: role.user_count })}</span>
                      </TableCell>
                      <TableCell data-label={t('col.description')} className="cell-wrap">
                        {role.description || '-'}
                      </TableCell>
                      <TableCell data-label={t('permissions')}>
                        <PermissionSummaryCell role={role} />
                      </TableCell>
                      <TableCell data-label={t('users:col.actions')}>
                        {canUpdate || canDelete ? (
                          <Flex gap="xs" wrap="wrap" className="row-actions">
                            {canUpdate ? (
                              <Button size="small" ariaLabel={t('editNamed', { name: role.name })} onClick={() => setOpen({ kind: 'edit', role })}>
                                {t('users:edit')}
                              </Button>
                            ) : null}
                            {canDelete ? (
                              <Button
                                size="small"
                                className={isAdmin ? 'danger-button is-disabled' : 'danger-button'}
                                ariaLabel={t('deleteNamed', { name: role.name })}
                                aria-disabled={isAdmin ? true : undefined}
                                title={isAdmin ? adminDeleteMessage() : undefined}
                                onClick={() => askDelete(role)}
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
            notice.show(open.kind === 'add' ? t('added', { name: saved.name }) : t('users:saved', { name: saved.name }));
            setFailure(null);
            close();
            void mutate();
          }}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog title={t('deleteTitle')} busy={deleting} onCancel={close} onConfirm={() => void confirmDelete(open.role)}>
          {t('deleteQuestion', { name: open.role.name })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
