// The citizen messages' first part: how many days a complainant has after a disposal to say
// they are not satisfied and open an appeal (the reopen window), and how many days an appeal
// is to be decided in. Saved with the revision they were read at: when someone else saved
// meanwhile the server refuses (409), and the section says so and reads them again, so
// that the Admin decides on what is in force rather than overwriting it unseen.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@aws-amplify/ui-react';
import { FactList } from '../../../components/FactList';
import { usePermission } from '../../auth/use-permission';
import { citizenSettingsApi, type CitizenSettingsView } from '../api/citizen-settings';
import { useCitizenSettings } from '../api/use-citizen-settings';
import { SettingsPanel } from '../SettingsPanel';
import { WholeNumbersForm } from '../WholeNumbersForm';
import { MAX_DAYS, MIN_DAYS, readDays, type Days, type DaysField } from './reopen-appeal';

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
  const fields = FIELDS.map((name) => ({ name, label: t(`citizens.reopen.${name}`), hint: t(`citizens.reopen.${name}Hint`), min: MIN_DAYS, max: MAX_DAYS }));
  return (
    <WholeNumbersForm<DaysField, Days, CitizenSettingsView>
      headingId={HEADING_ID}
      className="citizen-days-form"
      fields={fields}
      initial={{ reopenWindowDays: String(view.reopenWindowDays), appealDays: String(view.appealDays) }}
      read={readDays}
      // The revision of the view on screen: a template saved since moved it on, without
      // touching the days this form started from.
      save={(days) => citizenSettingsApi.save({ ...days, revision: view.revision })}
      saveLabel={t('citizens.reopen.save')}
      saveFailed={t('citizens.reopen.saveFailed')}
      onSaved={onSaved}
      onConflict={onConflict}
    />
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
