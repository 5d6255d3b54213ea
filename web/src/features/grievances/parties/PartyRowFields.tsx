// The fields of one person on the grievance form: role, name, relation and whose, gender,
// age, date of birth, mobile, email, identity document and address.
import { Grid, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField';
import { todayIso } from '../../../lib/format';
import { GENDERS, ID_KINDS, isMaskedNumber, partyKey, PARTY_ROLES, RELATIONS, type PartyField, type PartyRow } from './parties';

const COLUMNS_3 = { base: '1fr', medium: '1fr 1fr', large: '1fr 1fr 1fr' };

interface PartyRowFieldsProps {
  row: PartyRow;
  index: number;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (field: PartyField, value: string) => void;
}

export function PartyRowFields({ row, index, errors, disabled, onChange }: PartyRowFieldsProps) {
  const { t } = useTranslation('grievances');
  const name = (field: PartyField) => partyKey(index, field);
  const error = (field: PartyField) => ({ hasError: Boolean(errors[name(field)]), errorMessage: errors[name(field)] });

  const text = (field: PartyField, extra: { id?: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email'; descriptiveText?: string } = {}) => (
    <TextField
      label={t(`field.${field}`)}
      name={name(field)}
      autoComplete="off"
      value={row[field]}
      onChange={(event) => onChange(field, event.target.value)}
      isDisabled={disabled}
      {...extra}
      {...error(field)}
    />
  );

  const choice = (field: PartyField, options: readonly string[], placeholder: string, isRequired = false) => (
    <SelectField
      id={`party-${index}-${field}`}
      label={t(`field.${field}`)}
      name={name(field)}
      value={row[field]}
      onChange={(event) => onChange(field, event.target.value)}
      isRequired={isRequired}
      isDisabled={disabled}
      {...error(field)}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {t(`parties.${field}.${option}`)}
        </option>
      ))}
    </SelectField>
  );

  return (
    <Grid templateColumns={COLUMNS_3} gap="medium" alignItems="start">
      {choice('role', PARTY_ROLES, t('parties.selectRole'), true)}
      <TextField
        id={`party-${index}-name`}
        label={t('field.name')}
        name={name('name')}
        autoComplete="off"
        value={row.name}
        onChange={(event) => onChange('name', event.target.value)}
        isDisabled={disabled}
        isRequired
        {...error('name')}
      />
      {choice('gender', GENDERS, t('parties.notStated'))}
      {choice('relation', RELATIONS, t('parties.notStated'))}
      {text('relation_name')}
      {text('age', { inputMode: 'numeric' })}
      <DateField
        label={t('field.date_of_birth')}
        name={name('date_of_birth')}
        value={row.date_of_birth}
        onChange={(value) => onChange('date_of_birth', value)}
        max={todayIso()}
        isDisabled={disabled}
        {...error('date_of_birth')}
      />
      {text('mobile', { type: 'tel', inputMode: 'tel', descriptiveText: t('parties.mobileHint') })}
      {text('email', { type: 'email', inputMode: 'email' })}
      {choice('id_document_kind', ID_KINDS, t('parties.noDocument'))}
      {text('id_document_number', { descriptiveText: isMaskedNumber(row.id_document_number) ? t('parties.keptNumberHint') : undefined })}
      <TextAreaField
        label={t('field.address')}
        name={name('address')}
        rows={2}
        value={row.address}
        onChange={(event) => onChange('address', event.target.value)}
        isDisabled={disabled}
        columnSpan={{ base: 1, medium: 2, large: 3 }}
        {...error('address')}
      />
    </Grid>
  );
}
