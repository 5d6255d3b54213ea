// 'Manage views': every view the user finds under Views, which one the list opens with
// (made or cleared here), and, for their own views, Rename and Delete. A view the Admin
// published to their role is theirs to open and make their default, not to change.
import { useState } from 'react';
import { Alert, Badge, Button, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import type { ViewEntry, Views } from '../../../api/types';
import { DataTable, type Column } from '../../../components/data-table/DataTable';
import { actionsColumn, DeleteButton } from '../../../components/data-table/RowActions';
import { Dialog } from '../../../components/Dialog';
import { viewsApi } from './api/views';

interface ManageViewsDialogProps {
  views: Views;
  onClose: () => void;
  onRename: (view: ViewEntry) => void;
  onDelete: (view: ViewEntry) => void;
  /** The views after the default changed. */
  onChanged: (views: Views) => void;
  /** What the last change did, said at the top ('View "Mine" deleted'). */
  notice: string | null;
}

export function ManageViewsDialog({ views, onClose, onRename, onDelete, onChanged, notice }: ManageViewsDialogProps) {
  const { t } = useTranslation('grievances');
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(notice);

  async function setDefault(view: ViewEntry, on: boolean) {
    setBusy(view.id);
    setFailure(null);
    setSaid(null);
    try {
      onChanged(await viewsApi.setDefault(on ? view.id : null));
      setSaid(on ? t('views.defaultSet', { name: view.name }) : t('views.defaultCleared'));
    } catch (error) {
      setFailure(errorText(error, t('views.defaultFailed')));
    } finally {
      setBusy(null);
    }
  }

  const columns: Column<ViewEntry>[] = [
    {
      id: 'name',
      header: t('views.name'),
      rowHeader: true,
      className: 'cell-strong',
      cell: (view) => (
        <>
          {view.name}
          {view.published ? (
            <Badge size="small" className="view-badge">
              {t('views.published')}
            </Badge>
          ) : null}
        </>
      ),
    },
    {
      id: 'default',
      header: t('views.default'),
      cell: (view) => (view.id === views.default_view ? t('common:yes') : t('common:no')),
    },
    actionsColumn(
      t('col.actions'),
      (view) => {
        const isDefault = view.id === views.default_view;
        return (
          <>
            <Button
              key="default"
              size="small"
              isLoading={busy === view.id}
              loadingText={t('views.saving')}
              isDisabled={busy !== null && busy !== view.id}
              ariaLabel={t(isDefault ? 'views.clearDefaultNamed' : 'views.makeDefaultNamed', { name: view.name })}
              onClick={() => void setDefault(view, !isDefault)}
            >
              {t(isDefault ? 'views.clearDefault' : 'views.makeDefaultAction')}
            </Button>
            {view.published ? null : (
              <>
                <Button key="rename" size="small" ariaLabel={t('views.renameNamed', { name: view.name })} onClick={() => onRename(view)}>
                  {t('views.rename')}
                </Button>
                <DeleteButton key="delete" name={view.name} onClick={() => onDelete(view)} />
              </>
            )}
          </>
        );
      },
      true,
    ),
  ];

  return (
    <Dialog title={t('views.manageTitle')} onClose={onClose} size="large">
      <div className="modal-body">
        {said ? (
          <Alert variation="success" role="status" marginBottom="small">
            {said}
          </Alert>
        ) : null}
        {failure ? (
          <Alert variation="error" marginBottom="small">
            {failure}
          </Alert>
        ) : null}
        <Text className="muted-text" marginBottom="small">
          {t('views.manageHint')}
        </Text>
        <DataTable columns={columns} rows={views.views} rowKey={(view) => view.id} label={t('views.manageTitle')} cards empty={t('views.none')} />
      </div>
      <div className="modal-foot">
        <Button onClick={onClose} data-autofocus>
          {t('views.close')}
        </Button>
      </div>
    </Dialog>
  );
}
