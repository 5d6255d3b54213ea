// The sections and fields of the grievance form.
import { Fragment, type ReactNode } from 'react';
import { Button, Card, Flex, Grid, Heading, SelectField, SwitchField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { ListItem } from '../../api/types';
import { DateField } from '../../components/DateField';
import { Icon } from '../../components/icons';
import { todayIso } from '../../lib/format';
import { OPTIONAL_FIELDS } from './field-labels';
import { MIN_BRIEF_DETAILS, newOfficerRow, type GrievanceErrors, type GrievanceFormValues, type OfficerRow } from './grievance-form';
import { optionsWithCurrent } from '../admin/item-options';
import { districtOf, districtsBeside, stationsOf, type useGrievanceLists } from './options';
import { citation } from './law/law';
import { SectionPicker } from './law/SectionPicker';
import { PartiesFields } from './parties/PartiesFields';
import { CitizenContactFields } from './citizen/CitizenContactFields';

type Lists = ReturnType<typeof useGrievanceLists>;
type TextKey = {
  [K in keyof GrievanceFormValues]: GrievanceFormValues[K] extends string ? K : never;
}[keyof GrievanceFormValues];

interface GrievanceFormFieldsProps {
  values: GrievanceFormValues;
  errors: GrievanceErrors;
  lists: Lists;
  disabled: boolean;
  /** Editing a filed grievance: its police station changes only by a transfer. */
  stationLocked?: boolean;
  /** The new values, and the error keys the change answers. */
  onChange: (values: GrievanceFormValues, clear: string[]) => void;
  /** Shown after the location, where the FIR number and its police station are known: likely duplicates. */
  afterLocation?: ReactNode;
}

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <Card as="section" variation="outlined" className="panel form-section" aria-labelledby={id}>
      <Heading level={2} className="panel-title" id={id}>
        {title}
      </Heading>
      {description ? <Text className="section-hint">{description}</Text> : null}
      {children}
    </Card>
  );
}

const COLUMNS = { base: '1fr', medium: '1fr 1fr' };
const COLUMNS_3 = { base: '1fr', medium: '1fr 1fr', large: '1fr 1fr 1fr' };

export function GrievanceFormFields({ values, errors, lists, disabled, stationLocked = false, onChange, afterLocation }: GrievanceFormFieldsProps) {
  const { t } = useTranslation('grievances');
  const set = <K extends keyof GrievanceFormValues>(key: K, value: GrievanceFormValues[K]) =>
    onChange({ ...values, [key]: value }, [key]);

  const error = (field: string) => ({ hasError: Boolean(errors[field]), errorMessage: errors[field] });

  const text = (field: TextKey, label: string, extra: { isRequired?: boolean; placeholder?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      autoComplete="off"
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      isDisabled={disabled}
      {...extra}
      {...error(field)}
    />
  );

  const date = (field: TextKey, label: string, extra: { isRequired?: boolean; max?: string } = {}) => (
    <DateField label={label} name={field} value={values[field]} onChange={(value) => set(field, value)} isDisabled={disabled} {...extra} {...error(field)} />
  );

  const placesIn = lists.loaded('districts') && lists.loaded('police_stations');
  const select = (
    field: TextKey,
    label: string,
    kind: Parameters<Lists['items']>[0],
    placeholder: string,
    isRequired = false,
    locked: { hint: string } | null = null,
    place: { items: readonly ListItem[]; onChange: (value: string) => void } | null = null,
  ) => (
    <SelectField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => (place ? place.onChange(event.target.value) : set(field, event.target.value))}
      isRequired={isRequired}
      isDisabled={disabled || locked !== null || (place !== null && !placesIn)}
      descriptiveText={locked?.hint}
      {...error(field)}
    >
      <option value="">{lists.loading ? t('common:loading') : placeholder}</option>
      {optionsWithCurrent(place?.items ?? lists.items(kind), values[field], lists.loaded(kind)).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

  const setRow = (index: number, key: keyof Omit<OfficerRow, 'key'>, value: string) => {
    const rows = values.investigation_officers.map((row, i) => (i === index ? { ...row, [key]: value } : row));
    onChange({ ...values, investigation_officers: rows }, [
      `investigation_officers[${index}].${key}`,
      // A date change can answer either date's message.
      ...(key === 'from_date' || key === 'to_date'
        ? [`investigation_officers[${index}].from_date`, `investigation_officers[${index}].to_date`]
        : []),
      ...(key === 'officer_name' ? [`investigation_officers[${index}].from_date`] : []),
    ]);
  };

  const addRow = () => {
    onChange({ ...values, investigation_officers: [...values.investigation_officers, newOfficerRow()] }, []);
    // Focus the new row's name once it is drawn.
    const next = values.investigation_officers.length;
    window.setTimeout(() => document.getElementById(`officer-${next}-name`)?.focus(), 0);
  };

  const removeRow = (index: number) => {
    const rows = values.investigation_officers.filter((_, i) => i !== index);
    // Row messages are numbered by position: drop them all rather than mislabel them.
    const clear = Object.keys(errors).filter((field) => field.startsWith('investigation_officers['));
    onChange({ ...values, investigation_officers: rows }, clear);
    window.setTimeout(() => document.getElementById('add-officer')?.focus(), 0);
  };

  const rowError = (index: number, key: string) => error(`investigation_officers[${index}].${key}`);

  // District narrows Police Station, and a station placed in a district brings its district.
  // Both wait for both lists: a station chosen before the districts arrive would bring none.
  const [stations, districts] = [lists.items('police_stations'), lists.items('districts')];
  const offered = stationsOf(stations, districts, values.district);
  const districtsOffered = stationLocked ? districtsBeside(stations, districts, values.police_station, values.district) : districts;
  const chooseDistrict = (district: string) => {
    const keeps = stationsOf(stations, districts, district).some((item) => item.name === values.police_station);
    onChange({ ...values, district, police_station: keeps || stationLocked ? values.police_station : '' }, ['district', 'police_station']);
  };
  const chooseStation = (police_station: string) =>
    onChange({ ...values, police_station, district: districtOf(stations, districts, police_station) || values.district }, ['district', 'police_station']);
  const today = todayIso();

  return (
    <Flex direction="column" gap="medium">
      <Section id="section-fir" title={t('form.section.fir')}>
        <Grid templateColumns={COLUMNS_3} gap="medium" alignItems="start">
          {select('type_of_call', t('field.type_of_call'), 'call_types', t('form.selectCallType'))}
          {text('fir_no', t('field.fir_no'), { isRequired: true, placeholder: t('form.firNoPlaceholder') })}
          {date('fir_date', t('field.fir_date'), { isRequired: true, max: today })}
          {text('section_and_act', t('field.section_and_act'), { isRequired: true, placeholder: t('form.sectionPlaceholder') })}
          {select('crime_title', t('field.crime_title'), 'crime_titles', t('form.selectCrime'), true)}
        </Grid>
        <SectionPicker
          sections={values.sections}
          firDate={values.fir_date}
          errors={errors}
          disabled={disabled}
          onChange={(sections) => {
            // 'Section & Act' left empty takes the sections as cited; typed text stays as typed.
            const typed = values.section_and_act.trim();
            const cited = values.sections.map(citation).join(', ');
            const section_and_act = !typed || typed === cited ? sections.map(citation).join(', ') : values.section_and_act;
            const clear = Object.keys(errors).filter((field) => field.startsWith('sections'));
            onChange({ ...values, sections, section_and_act }, [...clear, 'section_and_act']);
          }}
        />
      </Section>

      <Section id="section-location" title={t('detail.location')}>
        <Grid templateColumns={COLUMNS} gap="medium" alignItems="start">
          {select('district', t('field.district'), 'districts', t('form.selectDistrict'), true, null, { items: districtsOffered, onChange: chooseDistrict })}
          {select(
            'police_station',
            t('field.police_station'),
            'police_stations',
            t('form.selectStation'),
            true,
            stationLocked && values.police_station ? { hint: t('form.stationByTransfer') } : null,
            { items: offered, onChange: chooseStation },
          )}
        </Grid>
      </Section>

      {afterLocation}

      <Section
        id="section-officers"
        title={t('field.investigation_officers')}
        description={t('form.officersHint')}
      >
        <Flex direction="column" gap="medium">
          {values.investigation_officers.length === 0 ? (
            <Text className="muted-text">{t('form.noOfficers')}</Text>
          ) : null}
          {values.investigation_officers.map((row, index) => (
            <fieldset key={row.key} className="officer-row">
              <legend className="officer-legend">{t('form.officerN', { n: index + 1 })}</legend>
              <Grid templateColumns={COLUMNS_3} gap="medium" alignItems="start">
                <TextField
                  id={`officer-${index}-name`}
                  label={t('field.officer_name')}
                  name={`investigation_officers[${index}].officer_name`}
                  autoComplete="off"
                  value={row.officer_name}
                  onChange={(event) => setRow(index, 'officer_name', event.target.value)}
                  isDisabled={disabled}
                  {...rowError(index, 'officer_name')}
                />
                <DateField
                  label={t('field.from_date')}
                  name={`investigation_officers[${index}].from_date`}
                  value={row.from_date}
                  onChange={(value) => setRow(index, 'from_date', value)}
                  isDisabled={disabled}
                  {...rowError(index, 'from_date')}
                />
                <DateField
                  label={t('field.to_date')}
                  name={`investigation_officers[${index}].to_date`}
                  value={row.to_date}
                  onChange={(value) => setRow(index, 'to_date', value)}
                  isDisabled={disabled}
                  {...rowError(index, 'to_date')}
                />
              </Grid>
              <Flex gap="medium" alignItems="flex-end" marginTop="medium" wrap="wrap">
                <TextAreaField
                  label={t('field.findings')}
                  name={`investigation_officers[${index}].findings`}
                  rows={2}
                  flex="1 1 16rem"
                  value={row.findings}
                  onChange={(event) => setRow(index, 'findings', event.target.value)}
                  isDisabled={disabled}
                  {...rowError(index, 'findings')}
                />
                <Button
                  size="small"
                  className="danger-button"
                  gap="xs"
                  ariaLabel={t('form.removeOfficerN', { n: index + 1 })}
                  onClick={() => removeRow(index)}
                  isDisabled={disabled}
                >
                  <Icon name="delete" size={18} />
                  {t('form.remove')}
                </Button>
              </Flex>
            </fieldset>
          ))}
          <div>
            <Button id="add-officer" size="small" gap="xs" onClick={addRow} isDisabled={disabled}>
              <Icon name="add" size={18} />
              {t('form.addOfficer')}
            </Button>
          </div>
        </Flex>
      </Section>

      <Section id="section-status" title={t('detail.currentStatus')}>
        <Grid templateColumns={COLUMNS_3} gap="medium" alignItems="start">
          {select('status', t('field.status'), 'statuses', t('status.select'), true)}
          {select('priority', t('field.priority'), 'priorities', t('form.selectPriority'), true)}
          {text('current_investigation_officer', t('field.current_investigation_officer'))}
          {select('reason', t('field.reason'), 'reasons', t('form.selectReason'))}
          <SwitchField
            label={t('field.put_in_court')}
            name="put_in_court"
            labelPosition="end"
            alignSelf="end"
            isChecked={values.put_in_court}
            onChange={(event) => set('put_in_court', event.target.checked)}
            isDisabled={disabled}
          />
          <SwitchField
            label={t('field.cross_case')}
            name="cross_case"
            labelPosition="end"
            alignSelf="end"
            isChecked={values.cross_case}
            onChange={(event) => set('cross_case', event.target.checked)}
            isDisabled={disabled}
          />
        </Grid>
      </Section>

      <Section id="section-complaint" title={t('detail.complaint')}>
        <TextAreaField
          label={t('field.brief_details')}
          name="brief_details"
          rows={3}
          isRequired
          descriptiveText={t('form.briefHint', { min: MIN_BRIEF_DETAILS })}
          value={values.brief_details}
          onChange={(event) => set('brief_details', event.target.value)}
          isDisabled={disabled}
          {...error('brief_details')}
        />
      </Section>

      <Section id="section-parties" title={t('field.parties')} description={t('parties.hint')}>
        {values.parties ? (
          <PartiesFields
            rows={values.parties}
            errors={errors}
            disabled={disabled}
            onChange={(parties, clear) => onChange({ ...values, parties }, clear)}
          />
        ) : null}
        {/* Beside the people: whom the SMS go to is the complainant named above. */}
        <CitizenContactFields
          language={values.citizen_language}
          consent={values.sms_consent}
          errors={errors}
          disabled={disabled}
          onChange={(change) => onChange({ ...values, ...change }, Object.keys(change))}
        />
      </Section>

      <Section id="section-dates" title={t('detail.dates')}>
        <Grid templateColumns={COLUMNS_3} gap="medium" alignItems="start">
          {OPTIONAL_FIELDS.map((field) => (
            <Fragment key={field.name}>
              {field.kind === 'date' ? date(field.name, t(`field.${field.name}`)) : text(field.name, t(`field.${field.name}`))}
            </Fragment>
          ))}
        </Grid>
      </Section>

      <Section id="section-decisions" title={t('detail.decisions')}>
        <Grid templateColumns={COLUMNS} gap="medium" alignItems="start">
          <TextAreaField
            label={t('field.action_taken_by_ig_office')}
            name="action_taken_by_ig_office"
            rows={2}
            value={values.action_taken_by_ig_office}
            onChange={(event) => set('action_taken_by_ig_office', event.target.value)}
            isDisabled={disabled}
            {...error('action_taken_by_ig_office')}
          />
          <TextAreaField
            label={t('field.final_decision')}
            name="final_decision"
            rows={2}
            value={values.final_decision}
            onChange={(event) => set('final_decision', event.target.value)}
            isDisabled={disabled}
            {...error('final_decision')}
          />
        </Grid>
      </Section>
    </Flex>
  );
}
