// The citizen messages' first part: how many days a complainant has after a disposal to say
// they are not satisfied and open an appeal (the reopen window), and how many days an appeal
// is to be decided in. Saved with the revision they were read at: when someone else saved
// meanwhile the server refuses (409), and the section says so and reads them again, so
// that the Admin decides on what is in force rather than overwriting it unseen.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../../api/errors';
import { FactList } from '../../../components/FactList';
import { usePermission } from '../../auth/use-permission';
import { citizenSettingsApi, type CitizenSettingsView } from '../api/citizen-settings';
import { useCitizenSettings } from '../api/use-citizen-settings';
import { SettingsPanel } from '../SettingsPanel';
import { WholeNumberInput } from '../WholeNumbersForm';
import { MAX_DAYS, MIN_DAYS, readDays, type DaysDraft, type DaysField } from './reopen-appeal';

const HEADING_ID = 'reopen-appeal-heading';
const FIELDS: readonly DaysField[] = ['reopenWindowDays', 'appealDays'];

interface DaysFormProps {
  view: CitizenSettingsView;
  onSaved: (view: CitizenSettingsView) => void;
  /** The server kept a newer revision than the one read. */
  onConflict: () => void;
}

function DaysForm({ view, onSaved, onConflict }: DaysFormProps) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<DaysDraft>({ reopenWindowDays: String(view.reopenWindowDays), appealDays: String(view.appealDays) });
  const [errors, setErrors] = useState<Partial<Record<DaysField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const showErrors = (form: HTMLFormElement, found: Partial<Record<DaysField, string>>) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) form.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setFailure(null);
    const read = readDays(draft);
    if ('errors' in read) {
      showErrors(form, read.errors);
      return;
    }
    setBusy(true);
    try {
      // The revision of the view on screen: a template saved since moved it on, without
      // touching the days this form started from.
      onSaved(await citizenSettingsApi.save({ ...read.value, revision: view.revision }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict();
        return;
      }
      const sent = error instanceof ApiError ? error.fields : {};
      const found: Partial<Record<DaysField, string>> = {};
      for (const field of FIELDS) if (sent[field]) found[field] = sent[field];
      showErrors(form, found);
      if (Object.keys(found).length === 0) setFailure(errorText(error, t('citizens.reopen.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={HEADING_ID} className="citizen-days-form">
      {failure ? (
        <Alert variation="error" marginBottom="small">
          {failure}
        </Alert>
      ) : null}
      <Flex direction="column" alignItems="flex-start" gap="small">
        {FIELDS.map((field) => (
          <WholeNumberInput
            key={field}
            name={field}
            label={t(`citizens.reopen.${field}`)}
            hint={t(`citizens.reopen.${field}Hint`)}
            min={MIN_DAYS}
            max={MAX_DAYS}
            value={draft[field]}
            error={errors[field]}
            onChange={(text) => {
              setDraft((previous) => ({ ...previous, [field]: text }));
              setErrors((previous) => ({ ...previous, [field]: undefined }));
            }}
          />
        ))}
        <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
          {t('citizens.reopen.save')}
        </Button>
      </Flex>
    </form>
  );
}

export function ReopenAppealSection() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const setting = useCitizenSettings();
  const [conflict, setConflict] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  async function reloadAfterConflict() {
    setConflict(true);
    await setting.mutate();
    // The form may start again from the days now in force: the keyboard goes back to its first field.
    box.current?.querySelector<HTMLInputElement>('input[name="reopenWindowDays"]')?.focus();
  }

  return (
    <SettingsPanel<CitizenSettingsView>
      setting={setting}
      headingId={HEADING_ID}
      title={t('citizens.reopen.title')}
      hint={t('citizens.reopen.hint')}
      loadingLabel={t('citizens.loading')}
      loadFailedText={t('citizens.loadFailed')}
      savedText={t('citizens.reopen.saved')}
      className="citizen-section"
    >
      {(data, onSaved) =>
        canUpdate ? (
          <div ref={box} className="citizen-section-body">
            {conflict ? (
              <Alert variation="warning" marginBottom="small">
                {t('citizens.reopen.conflict')}
              </Alert>
            ) : null}
            {/* Days changed elsewhere start the form again from them; a new revision alone keeps what is typed. */}
            <DaysForm
              key={`${data.reopenWindowDays}/${data.appealDays}`}
              view={data}
              onSaved={(saved) => {
                setConflict(false);
                onSaved(saved);
              }}
              onConflict={() => void reloadAfterConflict()}
            />
          </div>
        ) : (
          <div className="citizen-section-body">
            <FactList
              facts={[
                { label: t('citizens.reopen.reopenWindowDays'), value: String(data.reopenWindowDays) },
                { label: t('citizens.reopen.appealDays'), value: String(data.appealDays) },
              ]}
            />
          </div>
        )
      }
    </SettingsPanel>
  );
}
