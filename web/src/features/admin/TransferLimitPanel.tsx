// The Admin Panel's 'Transfer Limit' tab: how many times a
// grievance may be sent to another police station (GET/PUT /admin/transfer-limit).
// Users with dropdowns update edit and save it; others see it only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, TextField } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { TransferLimit } from '../../api/types';
import { FactList } from '../../components/FactList';
import { usePermission } from '../auth/use-permission';
import { transferLimitApi } from './api/settings';
import { useTransferLimit } from './api/use-transfer-limit';
import { SettingsPanel } from './SettingsPanel';
import { MAX_TRANSFERS, MIN_TRANSFERS, parseTransferLimit, transferLimitMessage } from './transfer-limit';

const HEADING_ID = 'transfer-limit-heading';

function TransferLimitForm({ view, onSaved }: { view: TransferLimit; onSaved: (view: TransferLimit) => void }) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(String(view.max_transfers));
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const maxTransfers = parseTransferLimit(text);
    setFailure(null);
    if (maxTransfers === undefined) {
      setFieldError(transferLimitMessage());
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setBusy(true);
    try {
      onSaved(await transferLimitApi.save({ max_transfers: maxTransfers }));
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.max_transfers : undefined;
      setFieldError(field);
      if (!field) setFailure(errorText(error, t('transfers.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID} className="transfer-limit-form">
      {failure ? (
        <Alert variation="error" marginBottom="small">
          {failure}
        </Alert>
      ) : null}
      <Flex direction="column" alignItems="flex-start" gap="small">
        <TextField
          label={t('transfers.field')}
          name="max_transfers"
          type="number"
          inputMode="numeric"
          min={MIN_TRANSFERS}
          max={MAX_TRANSFERS}
          step={1}
          size="small"
          className="limit-input"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(undefined);
          }}
          hasError={Boolean(fieldError)}
          errorMessage={fieldError}
        />
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
          {t('transfers.save')}
        </Button>
      </Flex>
    </form>
  );
}

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
          <TransferLimitForm key={data.max_transfers} view={data} onSaved={onSaved} />
        ) : (
          <div className="transfer-limit-form">
            <FactList facts={[{ label: t('transfers.field'), value: String(data.max_transfers) }]} />
          </div>
        )
      }
    </SettingsPanel>
  );
}
