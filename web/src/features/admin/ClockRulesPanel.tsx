// The Admin Panel's statutory clocks: each duty the BNSS puts on a clock (what starts it, the
// sections it applies to, how long it runs, what meets it, its source). An Admin changes a
// rule or adds one when the law or a state order changes; a rule is switched off, never
// deleted. Every change is audited; others see the rules only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, CheckboxField, Flex, Heading, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import { DateField } from '../../components/DateField';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { DialogForm } from '../../components/DialogForm';
import { useFormSubmit } from '../../components/use-form-submit';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { CLOCK_ACTIONS, localName } from '../grievances/law/law';
import { clockRulesApi, type ClockRule } from './api/clock-rules';
import { useClockRules } from './api/use-clock-rules';
import { CLOCK_STARTS, draftOf, formOf, type RuleDraft } from './clock-rules';

const HEADING_ID = 'clock-rules-heading';

/** A rule's period ('90 days', '2 months', '24 hours', as the server keeps it) in the reader's language. */
function periodText(period: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const match = /^(\d+) (hour|day|month)s?$/.exec(period.trim());
  return match ? t(`clocks.periodValue.${match[2]}`, { count: Number(match[1]) }) : period;
}

function RuleDialog({ rule, onClose, onSaved }: { rule: ClockRule | null; onClose: () => void; onSaved: (rule: ClockRule) => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<RuleDraft>(() => draftOf(rule));
  const { busy, failure, fields, submit: send } = useFormSubmit(t('clocks.saveFailed'));
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const error = (name: string) => {
    const message = fields[name] ?? Object.entries(fields).find(([f]) => f.startsWith(`${name}[`))?.[1];
    return { hasError: Boolean(message), errorMessage: message };
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(async () => onSaved(rule ? await clockRulesApi.change(rule.id, formOf(draft)) : await clockRulesApi.add(formOf(draft))));
  }

  const title = rule ? t('clocks.edit', { name: localName(rule.name, rule.name_hi) }) : t('clocks.add');
  return (
    <DialogForm title={title} formLabel={title} onClose={onClose} onSubmit={(e) => void submit(e)} busy={busy} failure={failure} submitLabel={t('clocks.save')} busyLabel={t('users:saving')} size="large">
      <Flex direction="column" gap="small">
        {rule ? null : <TextField label={t('clocks.id')} descriptiveText={t('clocks.idHint')} value={draft.id} onChange={(e) => set('id', e.target.value)} {...error('id')} isRequired />}
        <TextField label={t('clocks.name')} value={draft.name} onChange={(e) => set('name', e.target.value)} {...error('name')} isRequired />
        <TextField label={t('clocks.nameHi')} value={draft.name_hi} onChange={(e) => set('name_hi', e.target.value)} {...error('name_hi')} isRequired />
        <SelectField label={t('clocks.starts')} value={draft.starts} onChange={(e) => set('starts', e.target.value as RuleDraft['starts'])} {...error('starts')}>
          {CLOCK_STARTS.map((s) => (
            <option key={s} value={s}>
              {t(`clocks.start.${s}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('clocks.sections')} descriptiveText={t('clocks.sectionsHint')} value={draft.sections} onChange={(e) => set('sections', e.target.value)} {...error('sections')} />
        <TextField label={t('clocks.period')} descriptiveText={t('clocks.periodHint')} value={draft.period} onChange={(e) => set('period', e.target.value)} {...error('period')} isRequired />
        <SelectField label={t('clocks.metBy')} value={draft.met_by} onChange={(e) => set('met_by', e.target.value as RuleDraft['met_by'])} {...error('met_by')}>
          {CLOCK_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {t(`casework:law.action.${a}`)}
            </option>
          ))}
        </SelectField>
        <CheckboxField label={t('clocks.repeats')} name="repeats" checked={draft.repeats} onChange={(e) => set('repeats', e.target.checked)} />
        <CheckboxField label={t('clocks.endsWhenDecided')} name="ends_when_decided" checked={draft.ends_when_decided} onChange={(e) => set('ends_when_decided', e.target.checked)} />
        <DateField label={t('clocks.from')} value={draft.from} onChange={(value) => set('from', value)} {...error('from')} />
        <TextAreaField label={t('clocks.source')} rows={3} value={draft.source} onChange={(e) => set('source', e.target.value)} {...error('source')} isRequired />
        <CheckboxField label={t('clocks.active')} name="active" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
      </Flex>
    </DialogForm>
  );
}

export function ClockRulesPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const { data, error, isLoading, mutate } = useClockRules();
  const [editing, setEditing] = useState<ClockRule | null | 'new'>(null);
  const notice = useTransientMessage(3000);
  const rules = data?.rules ?? [];
  const columns: (Column<ClockRule> | false)[] = [
    {
      id: 'name',
      header: t('clocks.name'),
      cell: (rule) => (
        <>
          {localName(rule.name, rule.name_hi)} {rule.active === false ? <Badge size="small">{t('clocks.off')}</Badge> : null}
        </>
      ),
    },
    { id: 'sections', header: t('clocks.appliesTo'), cell: (rule) => (rule.sections.length ? rule.sections.join(', ') : t(`clocks.every.${rule.starts}`)) },
    { id: 'period', header: t('clocks.period'), cell: (rule) => `${periodText(rule.period, t)}${rule.repeats ? ` ${t('clocks.again')}` : ''}` },
    { id: 'met-by', header: t('clocks.metBy'), cell: (rule) => t(`casework:law.action.${rule.met_by}`) },
    { id: 'source', header: t('clocks.source'), cell: (rule) => <Text fontSize="small">{rule.source}</Text> },
    canUpdate && {
      id: 'actions',
      header: t('clocks.actions'),
      cell: (rule) => (
        <Button size="small" aria-label={t('clocks.edit', { name: localName(rule.name, rule.name_hi) })} onClick={() => setEditing(rule)}>
          {t('clocks.editShort')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby={HEADING_ID} className="list-panel">
      <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap">
        <Flex direction="column" gap="0">
          <Heading level={2} className="panel-title" id={HEADING_ID}>
            {t('clocks.title')}
          </Heading>
          <Text className="count-text">{t('clocks.hint')}</Text>
        </Flex>
        {canUpdate ? <Button onClick={() => setEditing('new')}>{t('clocks.add')}</Button> : null}
      </Flex>
      {notice.message ? (
        <Text role="status" className="panel-notice">
          {notice.message}
        </Text>
      ) : null}
      {data?.unread_sections ? <Text className="panel-notice">{t('clocks.unreadSections', { count: data.unread_sections })}</Text> : null}
      {isLoading && !data ? (
        <LoadingState label={t('clocks.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('clocks.loadFailed'))} onRetry={() => void mutate()} padded />
      ) : (
        <DataTable columns={columns} rows={rules} rowKey={(rule) => rule.id} labelledBy={HEADING_ID} size="small" variation="striped" />
      )}
      {editing ? (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            void mutate();
            notice.show(t('clocks.saved', { name: localName(saved.name, saved.name_hi) }));
          }}
        />
      ) : null}
    </section>
  );
}
