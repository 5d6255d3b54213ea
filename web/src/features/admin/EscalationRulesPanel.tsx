// The Admin Panel's 'Escalation Waits' tab: how many
// days past its stage's limit an overdue grievance waits before it is escalated to
// its district, its range and the state (GET/PUT /admin/escalation-rules).
// Users with dropdowns update edit and save them; others see them only.
import { useTranslation } from 'react-i18next';
import type { EscalationRules } from '../../api/types';
import { FactList } from '../../components/FactList';
import { usePermission } from '../auth/use-permission';
import { dayCount } from '../grievances/pendency/pendency-text';
import { escalationRulesApi } from './api/settings';
import { useEscalationRules } from './api/use-escalation-rules';
import { draftOf, MAX_WAIT, MIN_WAIT, readWaits, WAIT_FIELDS } from './escalation-rules';
import { SettingsPanel } from './SettingsPanel';
import { WholeNumbersForm } from './WholeNumbersForm';

const HEADING_ID = 'escalation-rules-heading';

export function EscalationRulesPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const setting = useEscalationRules();
  return (
    <SettingsPanel<EscalationRules>
      setting={setting}
      headingId={HEADING_ID}
      title={t('escalation.title')}
      hint={t('escalation.hint')}
      loadingLabel={t('escalation.loading')}
      loadFailedText={t('escalation.loadFailed')}
      savedText={t('escalation.saved')}
      className="transfer-limit escalation-rules"
    >
      {(data, onSaved) =>
        canUpdate ? (
          <WholeNumbersForm
            key={JSON.stringify(data)}
            headingId={HEADING_ID}
            className="transfer-limit-form escalation-rules-form"
            fields={WAIT_FIELDS.map((field) => ({ name: field, label: t(`escalation.${field}`), min: MIN_WAIT, max: MAX_WAIT }))}
            initial={draftOf(data)}
            read={readWaits}
            save={escalationRulesApi.save}
            saveLabel={t('escalation.save')}
            saveFailed={t('escalation.saveFailed')}
            onSaved={onSaved}
          />
        ) : (
          <div className="transfer-limit-form escalation-rules-form">
            <FactList facts={WAIT_FIELDS.map((field) => ({ label: t(`escalation.${field}`), value: dayCount(data[field]) }))} />
          </div>
        )
      }
    </SettingsPanel>
  );
}
