// The Admin Panel's 'Transfer Limit' tab: how many times a
// grievance may be sent to another police station (GET/PUT /admin/transfer-limit).
// Users with dropdowns update edit and save it; others see it only.
import { useTranslation } from 'react-i18next';
import type { TransferLimit } from '../../api/types';
import { FactList } from '../../components/FactList';
import { usePermission } from '../auth/use-permission';
import { transferLimitApi } from './api/settings';
import { useTransferLimit } from './api/use-transfer-limit';
import { SettingsPanel } from './SettingsPanel';
import { MAX_TRANSFERS, MIN_TRANSFERS, readTransferLimit } from './transfer-limit';
import { WholeNumbersForm } from './WholeNumbersForm';

const HEADING_ID = 'transfer-limit-heading';

export function TransferLimitPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const setting = useTransferLimit();
  return (
    <SettingsPanel<TransferLimit>
      setting={setting}
      headingId={HEADING_ID}
      title={t('transfers.title')}
      hint={t('transfers.hint')}
      loadingLabel={t('transfers.loading')}
      loadFailedText={t('transfers.loadFailed')}
      savedText={t('transfers.saved')}
      className="transfer-limit"
    >
      {(data, onSaved) =>
        canUpdate ? (
          <WholeNumbersForm
            key={data.max_transfers}
            headingId={HEADING_ID}
            className="transfer-limit-form"
            fields={[{ name: 'max_transfers', label: t('transfers.field'), min: MIN_TRANSFERS, max: MAX_TRANSFERS }]}
            initial={{ max_transfers: String(data.max_transfers) }}
            read={readTransferLimit}
            save={transferLimitApi.save}
            saveLabel={t('transfers.save')}
            saveFailed={t('transfers.saveFailed')}
            onSaved={onSaved}
          />
        ) : (
          <div className="transfer-limit-form">
            <FactList facts={[{ label: t('transfers.field'), value: String(data.max_transfers) }]} />
          </div>
        )
      }
    </SettingsPanel>
  );
}
