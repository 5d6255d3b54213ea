// The grievance form's sections: picked from the reference list by number or title, in
// English or Hindi ('64', 'IPC 379', 'theft', 'चोरी'), or added by act and number for a law
// the list does not hold; each with the date of the offence, which decides the code. A
// section whose code does not fit that date (an IPC section for an offence from 1 July 2024,
// a BNS one before it) is warned about here, as the server warns on the case screen.
import { useState } from 'react';
import { Alert, Autocomplete, Button, Flex, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import { DateField } from '../../../components/DateField';
import { serverCodeText } from '../../../i18n/server-error';
import { i18n } from '../../../i18n';
import { todayIso } from '../../../lib/format';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { useOffenceSearch } from './api/use-offence-search';
import { ACTS, citation, codeWarning, localName, type Act, type ChargedSection } from './law';
import './law.css';

interface SectionPickerProps {
  sections: ChargedSection[];
  firDate: string;
  /** Messages by the server's field names ('sections[0].section', ...). */
  errors: Record<string, string>;
  /** The form is being saved: nothing changes meanwhile. */
  disabled?: boolean;
  onChange: (sections: ChargedSection[]) => void;
}

/** The English text of a warning the server would answer, in the reader's language. */
function warningText(warning: { code: string; params: Record<string, string> }): string {
  const english = i18n.t(`errors:${warning.code}`, { ...warning.params, lng: 'en' });
  return serverCodeText(warning, english);
}

export function SectionPicker({ sections, firDate, errors, disabled = false, onChange }: SectionPickerProps) {
  const { t } = useTranslation('casework');
  const [asked, setAsked] = useState('');
  const [typed, setTyped] = useDebouncedText(asked, setAsked);
  const { offences: found, error, isLoading } = useOffenceSearch(asked);
  const options = found.map((o) => ({ id: `${o.act} ${o.section}`, label: `${o.act} ${o.section}` }));
  const [act, setAct] = useState<Act>('BNS');
  const [number, setNumber] = useState('');
  const [actName, setActName] = useState('');
  const today = todayIso();

  const add = (section: ChargedSection) => {
    if (sections.some((s) => s.act === section.act && s.section === section.section && (s.act_name ?? '') === (section.act_name ?? ''))) return;
    onChange([...sections, section]);
  };
  const change = (index: number, section: ChargedSection) => onChange(sections.map((s, i) => (i === index ? section : s)));
  const remove = (index: number) => onChange(sections.filter((_, i) => i !== index));

  return (
    <Flex direction="column" gap="small" className="section-picker">
      <Autocomplete
        label={t('law.pickLabel')}
        descriptiveText={t('law.pickHint')}
        placeholder={t('law.pickPlaceholder')}
        value={typed}
        isDisabled={disabled}
        options={options}
        optionFilter={() => true}
        isLoading={isLoading}
        hasError={Boolean(error) || Boolean(errors.sections)}
        errorMessage={error ? errorText(error, t('law.pickFailed')) : errors.sections}
        onChange={(event) => setTyped(event.target.value)}
        onClear={() => setTyped('')}
        onSelect={(option) => {
          const offence = found.find((o) => `${o.act} ${o.section}` === option.id);
          if (offence) add({ act: offence.act, section: offence.section });
          setTyped('');
        }}
        renderOption={(option) => {
          const offence = found.find((o) => `${o.act} ${o.section}` === option.id);
          return (
            <span className="section-option">
              <strong>{option.label}</strong>{' '}
              <Text as="span" color="font.secondary">
                {offence ? localName(offence.title, offence.title_hi) : ''}
                {offence?.replaces?.length ? ` (${t('law.replaces', { sections: offence.replaces.map((r) => `IPC ${r}`).join(', ') })})` : ''}
              </Text>
            </span>
          );
        }}
        menuSlots={{ ariaLabel: t('law.pickMenu'), Empty: <Text padding="xs">{asked.trim() ? t('law.pickNone') : t('law.pickTypeMore')}</Text> }}
      />

      <Flex gap="small" alignItems="flex-end" wrap="wrap">
        <SelectField label={t('law.act')} value={act} onChange={(e) => setAct(e.target.value as Act)} size="small" isDisabled={disabled}>
          {ACTS.map((a) => (
            <option key={a} value={a}>
              {t(`law.acts.${a}`)}
            </option>
          ))}
        </SelectField>
        {act === 'OTHER' ? <TextField label={t('law.actName')} value={actName} onChange={(e) => setActName(e.target.value)} size="small" isDisabled={disabled} /> : null}
        <TextField label={t('law.sectionNumber')} value={number} onChange={(e) => setNumber(e.target.value)} size="small" placeholder="303(2)" isDisabled={disabled} />
        <Button
          size="small"
          isDisabled={disabled || !number.trim() || (act === 'OTHER' && !actName.trim())}
          onClick={() => {
            add({ act, section: number.trim(), act_name: act === 'OTHER' ? actName.trim() : null });
            setNumber('');
          }}
        >
          {t('law.addSection')}
        </Button>
      </Flex>

      {sections.length ? (
        <ul className="picked-sections" aria-label={t('law.picked')}>
          {sections.map((section, index) => {
            const warning = codeWarning(section, firDate);
            const fieldError = (name: string) => errors[`sections[${index}].${name}`];
            return (
              <li key={`${citation(section)}-${index}`} className="picked-section">
                <Flex gap="small" alignItems="flex-end" wrap="wrap">
                  <Text as="span" fontWeight="bold" className="picked-citation">
                    {citation(section)}
                  </Text>
                  <DateField
                    label={t('law.offenceDate', { section: citation(section) })}
                    size="small"
                    max={today}
                    value={section.offence_date ?? ''}
                    isDisabled={disabled}
                    onChange={(value) => change(index, { ...section, offence_date: value || null })}
                    hasError={Boolean(fieldError('offence_date'))}
                    errorMessage={fieldError('offence_date')}
                  />
                  <Button size="small" variation="link" isDisabled={disabled} aria-label={t('law.removeNamed', { section: citation(section) })} onClick={() => remove(index)}>
                    {t('law.remove')}
                  </Button>
                </Flex>
                {fieldError('section') || fieldError('act') || fieldError('act_name') ? (
                  <Text as="span" variation="error" role="alert">
                    {fieldError('section') ?? fieldError('act') ?? fieldError('act_name')}
                  </Text>
                ) : null}
                {warning ? (
                  <Alert variation="warning" role="status" marginTop="xs">
                    {warningText(warning)}
                  </Alert>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <Text className="muted-text">{t('law.noneReadFromText')}</Text>
      )}
    </Flex>
  );
}
