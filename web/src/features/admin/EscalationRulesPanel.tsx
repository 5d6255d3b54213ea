// The Admin Panel's 'Escalation Waits' tab: how many
// days past its stage's limit an overdue grievance waits before it is escalated to
// its district, its range and the state (GET/PUT /admin/escalation-rules).
// Users with dropdowns update edit and save them; others see them only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { EscalationRules } from '../../api/types';
import { FactList } from '../../components/FactList';
import { usePermission } from '../auth/use-permission';
import { dayCount } from '../grievances/pendency/pendency-text';
import { escalationRulesApi } from './api/settings';
import { useEscalationRules } from './api/use-escalation-rules';
import { draftOf, MAX_WAIT, MIN_WAIT, readWaits, WAIT_FIELDS, type WaitField, type WaitsDraft } from './escalation-rules';
import { SettingsPanel } from './SettingsPanel';

const HEADING_ID = 'escalation-rules-heading';

type FieldErrors = Partial<Record<WaitField, string>>;

function EscalationRulesForm({ view, onSaved }: { view: EscalationRules; onSaved: (view: EscalationRules) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<WaitsDraft>(() => draftOf(view));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const focusFirstError = (form: HTMLFormElement, fields: FieldErrors) => {
    const first = WAIT_FIELDS.find((field) => fields[field]);
    if (first) form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const read = readWaits(draft);
    setFailure(null);
    if (!read.rules) {
      setErrors(read.errors);
      focusFirstError(form, read.errors);
      return;
    }
    setBusy(true);
    try {
      onSaved(await escalationRulesApi.save(read.rules));
    } catch (error) {
      // The server names the field out of order (or out of range), in the reader's language.
      const sent = error instanceof ApiError ? error.fields : {};
      const fields: FieldErrors = {};
      for (const field of WAIT_FIELDS) if (sent[field]) fields[field] = sent[field];
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirstError(form, fields);
      else setFailure(errorText(error, t('escalation.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID} className="transfer-limit-form escalation-rules-form">
      {failure ? (
        <Alert variation="error" marginBottom="small">
          {failure}
        </Alert>
      ) : null}
      <Flex direction="column" alignItems="flex-start" gap="small">
        {WAIT_FIELDS.map((field) => (
          <TextField
            key={field}
            label={t(`escalation.${field}`)}
            name={field}
            type="number"
            inputMode="numeric"
            min={MIN_WAIT}
            max={MAX_WAIT}
            step={1}
            size="small"
            className="limit-input"
            value={draft[field]}
            onChange={(event) => {
              const text = event.target.value;
              setDraft((previous) => ({ ...previous, [field]: text }));
              setErrors((previous) => ({ ...previous, [field]: undefined }));
            }}
            hasError={Boolean(errors[field])}
            errorMessage={errors[field]}
          />
        ))}
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
          {t('escalation.save')}
        </Button>
      </Flex>
    </form>
  );
}

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
          <EscalationRulesForm key={JSON.stringify(data)} view={data} onSaved={onSaved} />
        ) : (
          <div className="transfer-limit-form escalation-rules-form">
            <FactList facts={WAIT_FIELDS.map((field) => ({ label: t(`escalation.${field}`), value: dayCount(data[field]) }))} />
          </div>
        )
      }
    </SettingsPanel>
  );
}
