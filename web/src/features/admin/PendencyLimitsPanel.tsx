// The Admin Panel's 'Pendency Limits' tab: how many days a grievance
// of each priority may stay at each stage before it is overdue. Users with
// dropdowns update edit and save; others see the limits only.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { ApiError, errorText } from '../../api/errors';
import type { PendencyLimitsView, Stage } from '../../api/types';
import { DataTable, type Column } from '../../components/data-table/DataTable';
import { usePermission } from '../auth/use-permission';
import { pendencyLimitsApi } from './api/settings';
import { usePendencyLimits } from './api/use-pendency-limits';
import { SettingsPanel } from './SettingsPanel';
import { WholeNumberInput } from './WholeNumbersForm';
import { stageLabel } from '../grievances/pendency/pendency-text';
import { cellKey, draftFrom, limitLabel, limitsRequest, MAX_LIMIT, MIN_LIMIT, validateLimits, type LimitsDraft } from './pendency-limits';

const HEADING_ID = 'pendency-limits-heading';

interface LimitsFormProps {
  view: PendencyLimitsView;
  canUpdate: boolean;
  onSaved: (view: PendencyLimitsView) => void;
}

function LimitsForm({ view, canUpdate, onSaved }: LimitsFormProps) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<LimitsDraft>(() => draftFrom(view));
  const stages = view.stages.map(({ stage, label }) => ({ stage, label: stageLabel(stage, label) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setCell = (priority: string, stage: Stage, text: string) => {
    setDraft((current) => ({ ...current, [priority]: { ...current[priority], [stage]: text } }));
    const key = cellKey(priority, stage);
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _cleared, ...rest } = current;
      return rest;
    });
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateLimits(view, draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure(t('limits.fixHighlighted'));
      // The first bad cell, by its name (its error shows after this render).
      const first = event.currentTarget.elements.namedItem(Object.keys(problems)[0]);
      if (first instanceof HTMLInputElement) first.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      onSaved(await pendencyLimitsApi.save(limitsRequest(view, draft)));
    } catch (error) {
      setFailure(errorText(error, t('limits.saveFailed')));
      if (error instanceof ApiError) setErrors(error.fields);
    } finally {
      setBusy(false);
    }
  }

  const columns: Column<string>[] = [
    { id: 'priority', header: t('grievances:field.priority'), rowHeader: true, className: 'cell-strong', cell: (priority) => priority },
    ...stages.map(({ stage, label }): Column<string> => ({
      id: stage,
      header: label,
      cell: (priority) => {
        if (!canUpdate) return limitLabel(view.limits[priority]?.[stage]);
        const key = cellKey(priority, stage);
        return (
          <WholeNumberInput
            name={key}
            label={t('limits.cellLabel', { priority, stage: label })}
            labelHidden
            min={MIN_LIMIT}
            max={MAX_LIMIT}
            placeholder={t('casework:pendency.noLimit')}
            value={draft[priority]?.[stage] ?? ''}
            onChange={(text) => setCell(priority, stage, text)}
            error={errors[key]}
          />
        );
      },
    })),
  ];

  if (view.priorities.length === 0) return <Text className="empty-state">{t('limits.noPriorities')}</Text>;

  return (
    <form onSubmit={onSubmit} noValidate className="pendency-limits" aria-labelledby={HEADING_ID}>
      {failure ? (
        <Alert variation="error" className="panel-notice">
          {failure}
        </Alert>
      ) : null}
      <DataTable columns={columns} rows={view.priorities} rowKey={(priority) => priority} labelledBy={HEADING_ID} className="limits-table" size="small" cards />
      {canUpdate ? (
        <Flex justifyContent="flex-end" marginTop="small">
          <Button type="submit" variation="primary" isLoading={busy} loadingText={t('users:saving')}>
            {t('limits.save')}
          </Button>
        </Flex>
      ) : null}
    </form>
  );
}

export function PendencyLimitsPanel() {
  const { t } = useTranslation('admin');
  const canUpdate = usePermission('dropdowns', 'update');
  const setting = usePendencyLimits();
  return (
    <SettingsPanel<PendencyLimitsView>
      setting={setting}
      headingId={HEADING_ID}
      title={t('limits.title')}
      hint={t('limits.hint')}
      loadingLabel={t('limits.loading')}
      loadFailedText={t('limits.loadFailed')}
      savedText={t('limits.saved')}
    >
      {(data, onSaved) => <LimitsForm key={JSON.stringify(data)} view={data} canUpdate={canUpdate} onSaved={onSaved} />}
    </SettingsPanel>
  );
}
