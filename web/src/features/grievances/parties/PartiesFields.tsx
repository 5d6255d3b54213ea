// The grievance form's 'People in the case': one group of fields per person, added and
// removed like the investigation officers; a protected victim shown read-only and kept.
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { ProtectedPartyRow } from './ProtectedPartyRow';
import { PartyRowFields } from './PartyRowFields';
import { changeRow, isBlankParty, newPartyRow, partyKey, type PartyField, type PartyRow } from './parties';

interface PartiesFieldsProps {
  rows: readonly PartyRow[];
  errors: Record<string, string>;
  disabled: boolean;
  /** The new rows, and the message keys the change answers. */
  onChange: (rows: PartyRow[], clear: string[]) => void;
}

export function PartiesFields({ rows, errors, disabled, onChange }: PartiesFieldsProps) {
  const { t } = useTranslation('grievances');

  const setField = (index: number, field: PartyField, value: string) => {
    const next = rows.map((row, i) => (i === index ? changeRow(row, field, value) : row));
    // A row emptied is the spare row again, which needs nothing: its messages all go.
    const own = isBlankParty(next[index]) ? Object.keys(errors).filter((key) => key.startsWith(`${partyKey(index, '')}.`)) : [partyKey(index, field)];
    onChange(next, [...own, partyKey(index, ''), 'parties']);
  };

  const add = () => {
    onChange([...rows, newPartyRow()], []);
    const next = rows.length;
    window.setTimeout(() => document.getElementById(`party-${next}-role`)?.focus(), 0);
  };

  const remove = (index: number) => {
    // Row messages are numbered by position: drop them all rather than mislabel them.
    const clear = Object.keys(errors).filter((field) => field === 'parties' || field.startsWith('parties.'));
    onChange(
      rows.filter((_, i) => i !== index),
      clear,
    );
    window.setTimeout(() => document.getElementById('add-party')?.focus(), 0);
  };

  return (
    <Flex direction="column" gap="medium">
      {errors.parties ? (
        <Text variation="error" role="alert">
          {errors.parties}
        </Text>
      ) : null}
      {rows.length === 0 ? <Text className="muted-text">{t('parties.noneAdded')}</Text> : null}
      {rows.map((row, index) => (
        <fieldset key={row.key} className="officer-row party-row">
          <legend className="officer-legend">{t('parties.personN', { n: index + 1 })}</legend>
          {errors[partyKey(index, '')] ? (
            <Text variation="error" role="alert">
              {errors[partyKey(index, '')]}
            </Text>
          ) : null}
          {row.given ? (
            <ProtectedPartyRow party={row.given} />
          ) : (
            <>
              <PartyRowFields row={row} index={index} errors={errors} disabled={disabled} onChange={(field, value) => setField(index, field, value)} />
              <Flex justifyContent="flex-end" marginTop="medium">
                <Button
                  size="small"
                  className="danger-button"
                  gap="xs"
                  ariaLabel={t('parties.removePersonN', { n: index + 1 })}
                  onClick={() => remove(index)}
                  isDisabled={disabled}
                >
                  <Icon name="delete" size={18} />
                  {t('form.remove')}
                </Button>
              </Flex>
            </>
          )}
        </fieldset>
      ))}
      <div>
        <Button id="add-party" size="small" gap="xs" onClick={add} isDisabled={disabled}>
          <Icon name="add" size={18} />
          {t('parties.add')}
        </Button>
      </div>
    </Flex>
  );
}
