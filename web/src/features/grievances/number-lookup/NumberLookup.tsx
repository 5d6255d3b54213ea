// 'Go to number' in the head of the grievance list: staff with a grievance number or FIR
// number in hand type its first characters and pick the grievance among the numbers
// offered, or press Enter on a whole number, rather than filter the list for it.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Autocomplete, Text } from '@aws-amplify/ui-react';
import { errorText } from '../../../api/errors';
import { useDebouncedText } from '../../../lib/use-debounced-text';
import { isNumberText, LOOKUP_FROM, lookupText } from './api/lookup';
import { useNumberLookup } from './api/use-number-lookup';
import { exactMatch, optionsOf, type NumberOption } from './lookup';
import './number-lookup.css';

export function NumberLookup() {
  const { t } = useTranslation('grievances');
  const navigate = useNavigate();
  const [asked, setAsked] = useState('');
  const [typed, setTyped] = useDebouncedText(asked, setAsked);
  const [problem, setProblem] = useState<string | null>(null);
  const text = lookupText(asked);
  const { data, error, isLoading } = useNumberLookup(text);
  const options = optionsOf(data);
  const invalid = lookupText(typed) !== '' && !isNumberText(lookupText(typed));

  const open = (option: Pick<NumberOption, 'id'>) => navigate(`/grievances/${option.id}`);

  return (
    <Autocomplete
      className="number-lookup"
      label={t('lookup.label')}
      placeholder={t('lookup.placeholder')}
      value={typed}
      options={options}
      // The server matched them: every offered number starts with what was typed.
      optionFilter={() => true}
      isLoading={isLoading}
      hasError={invalid || Boolean(problem) || Boolean(error)}
      errorMessage={invalid ? t('lookup.invalid') : (problem ?? (error ? errorText(error, t('lookup.failed')) : undefined))}
      onChange={(event) => {
        setTyped(event.target.value);
        setProblem(null);
      }}
      onClear={() => {
        setTyped('');
        setProblem(null);
      }}
      onSelect={open}
      onSubmit={(value) => {
        const found = exactMatch(options, lookupText(value));
        if (found) open(found);
        else if (lookupText(value) === text && !isLoading) setProblem(t('lookup.notFound'));
      }}
      renderOption={(option) => (
        <span className="number-option">
          <strong>{option.label}</strong>
          <Text as="span" color="font.secondary">
            {t('lookup.option', { fir: option.fir, station: option.station })}
          </Text>
        </span>
      )}
      menuSlots={{
        ariaLabel: t('lookup.menu'),
        Empty: <Text padding="xs">{text.length < LOOKUP_FROM ? t('lookup.typeMore') : t('lookup.none')}</Text>,
      }}
    />
  );
}
