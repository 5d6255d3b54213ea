// The Admin Panel's 'Trash Retention' tab: how many days a deleted grievance stays in the
// trash, where it can be restored, before it is purged (GET/PUT /admin/trash-retention).
// Users with dropdowns update edit and save it; others see it only.
import { useTranslation } from 'react-i18next';
import { FactList } from '../../components/FactList';
import { usePermission } from '../auth/use-permission';
import { trashRetentionApi, type TrashRetention } from './api/settings';
import { useTrashRetention } from './api/use-trash-retention';
import { SettingsPanel } from './SettingsPanel';
import { MAX_RETENTION_DAYS, MIN_RETENTION_DAYS, readTrashRetentionDraft } from './trash-retention';
import { WholeNumbersForm } from './WholeNumbersForm';

const HEADING_ID = 'trash-retention-heading';

export function TrashRetentionPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const setting = useTrashRetention();
  return (
    <SettingsPanel<TrashRetention>
      setting={setting}
      headingId={HEADING_ID}
      title={t('trashRetention.title')}
      hint={t('trashRetention.hint')}
      loadingLabel={t('trashRetention.loading')}
      loadFailedText={t('trashRetention.loadFailed')}
      savedText={t('trashRetention.saved')}
      className="trash-retention"
    >
      {(data, onSaved) =>
        canUpdate ? (
          <WholeNumbersForm
            key={data.days}
            headingId={HEADING_ID}
            className="trash-retention-form"
            fields={[{ name: 'days', label: t('trashRetention.field'), min: MIN_RETENTION_DAYS, max: MAX_RETENTION_DAYS }]}
            initial={{ days: String(data.days) }}
            read={readTrashRetentionDraft}
            save={trashRetentionApi.save}
            saveLabel={t('trashRetention.save')}
            saveFailed={t('trashRetention.saveFailed')}
            onSaved={onSaved}
          />
        ) : (
          <div className="trash-retention-form">
            <FactList facts={[{ label: t('trashRetention.field'), value: String(data.days) }]} />
          </div>
        )
      }
    </SettingsPanel>
  );
}
