// The grievance form's part on reaching the complainant: the language their SMS are written in,
// and their consent to be told of the investigation's progress by SMS, which makes such an SMS
// meet the police's duty to inform them (BNSS s.193(3)(ii)).
import { Grid, SelectField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { HintedCheckboxField } from '../../../components/HintedCheckboxField';
import { CITIZEN_LANGUAGES, type CitizenLanguage } from './citizen';

interface CitizenContactFieldsProps {
  language: CitizenLanguage;
  consent: boolean;
  /** The server's messages by field. */
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (change: { citizen_language?: CitizenLanguage; sms_consent?: boolean }) => void;
}

export function CitizenContactFields({ language, consent, errors, disabled, onChange }: CitizenContactFieldsProps) {
  const { t } = useTranslation('grievances');
  return (
    <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="start" marginTop="medium">
      <SelectField
        label={t('field.citizen_language')}
        name="citizen_language"
        value={language}
        descriptiveText={t('form.citizenLanguageHint')}
        onChange={(event) => onChange({ citizen_language: event.target.value as CitizenLanguage })}
        isDisabled={disabled}
        hasError={Boolean(errors.citizen_language)}
        errorMessage={errors.citizen_language}
      >
        {CITIZEN_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </SelectField>
      <HintedCheckboxField
        label={t('form.smsConsent')}
        hint={t('form.smsConsentHint')}
        name="sms_consent"
        checked={consent}
        disabled={disabled}
        onChange={(checked) => onChange({ sms_consent: checked })}
      />
    </Grid>
  );
}
