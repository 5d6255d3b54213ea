// The Audit History screen.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure';
import {
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  SearchField,
  SelectField,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { getToken } from '../../api/token-store';
import { DateField } from '../../components/DateField';
import { Icon } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { StatTile } from '../../components/StatTile';
import { formatCount } from '../../lib/format';
import { useDebouncedText } from '../../lib/use-debounced-text';
import { AuditDetailsDialog } from './AuditDetailsDialog';
import { IntegrityIndicator } from './IntegrityIndicator';
import { AuditExportButtons } from './AuditExportButtons';
import { actionLabel, type AuditEntry } from './audit-record';
import { AuditTable } from './AuditTable';
import { useAuditActions } from './api/use-audit-actions';
import { useAuditRecords } from './api/use-audit-records';
import { useAuditStatistics } from './api/use-audit-statistics';
import { searchFieldLabels } from '../../i18n/amplify-labels';
import {
  ACTIONS,
  auditErrorText,
  auditPath,
  CLEARED_FILTERS,
  KINDS,
  LEGACY_ACTIONS,
  MAX_SEARCH,
  noTokenText,
  PAGE_SIZES,
  type AuditFilters,
  type AuditKind,
} from './audit-query';
import { useAuditQuery } from './use-audit-query';

/** A state-wide figure, or a dash where the server withholds it (a caller who does not see the whole state). */
function shownCount(value: number | null | undefined): string {
  return value == null ? '-' : formatCount(value);
}

function ActionOptions({ actions }: { actions: readonly string[] }) {
  const { t } = useTranslation('audit');
  return (
    <>
      <option value="">{t('allActions')}</option>
      {actions.map((action) => (
        <option key={action} value={action}>
          {actionLabel(action)}
        </option>
      ))}
      <optgroup label={t('legacyRecords')}>
        {LEGACY_ACTIONS.map((action) => (
          <option key={action} value={action}>
            {t('legacyOption', { action })}
          </option>
        ))}
      </optgroup>
    </>
  );
}

export default function AuditPage() {
  const { t } = useTranslation('audit');
  const hasToken = getToken() !== null;
  // One search and one action filter, kept in the address: the top bar's and the Filters
  // panel's fields show and change the same state, and a reload or Back keeps it.
  const [query, dispatch] = useAuditQuery();
  const [search, setSearch, searchNow] = useDebouncedText(query.search, (next) => dispatch({ type: 'search', search: next }));
  const [panelOpen, setPanelOpen] = useState(false);
  const [draft, setDraft] = useState<AuditFilters>(CLEARED_FILTERS);
  const [selected, setSelected] = useState<AuditEntry | null>(null);
  const [exported, setExported] = useState<{ message: string; failed: boolean } | null>(null);
  const panelId = useId();

  const records = useAuditRecords(hasToken ? auditPath(query) : null);
  const stats = useAuditStatistics(hasToken);
  const actionList = useAuditActions(hasToken);
  const actions = actionList.data && actionList.data.length > 0 ? actionList.data : ACTIONS;

  const entries = useMemo(() => records.data ?? [], [records.data]);
  const failure = !hasToken ? noTokenText() : records.error ? auditErrorText(records.error) : null;

  function openPanel() {
    if (!panelOpen) setDraft({ ...draft, startDate: query.startDate, endDate: query.endDate, limit: query.limit });
    setPanelOpen((open) => !open);
  }

  function apply() {
    dispatch({ type: 'apply', filters: { ...draft, search, action: query.action, kind: query.kind } });
  }

  function clearAll() {
    setDraft(CLEARED_FILTERS);
    dispatch({ type: 'clear' });
  }

  function refresh() {
    void records.mutate();
    void stats.mutate();
  }

  const rangeError = draft.startDate && draft.endDate && draft.startDate > draft.endDate ? t('dateRange') : undefined;
  const first = query.offset + 1;
  const last = query.offset + entries.length;
  const hasNext = entries.length >= query.limit;

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />

      <Grid templateColumns={{ base: '1fr', medium: 'repeat(3, 1fr)' }} gap="small" marginBottom="medium" as="section" aria-label={t('summary')}>
        <StatTile tone="navy" label={t('totalActions')} value={shownCount(stats.data?.totalActions)} icon="audit" />
        <StatTile tone="navy" label={t('grievancesTracked')} value={shownCount(stats.data?.totalGrievances)} icon="grievances" />
        <StatTile tone="navy" label={t('activeUsers')} value={shownCount(stats.data?.totalUsers)} icon="users" />
      </Grid>

      <Card variation="outlined" className="panel audit-toolbar">
        <Flex gap="small" alignItems="flex-end" wrap="wrap">
          <SearchField
            {...searchFieldLabels()}
            label={t('grievances:filters.search')}
            labelHidden={false}
            size="small"
            placeholder={t('searchPlaceholder')}
            hasSearchButton={false}
            flex="1 1 16rem"
            maxLength={MAX_SEARCH}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onSubmit={(text) => searchNow(text)}
            onClear={() => searchNow('')}
          />
          <SelectField
            label={t('col.action')}
            size="small"
            flex="0 1 13rem"
            value={query.action}
            onChange={(event) => dispatch({ type: 'action', action: event.target.value })}
          >
            <ActionOptions actions={actions} />
          </SelectField>
          <SelectField
            label={t('kind.label')}
            size="small"
            flex="0 1 13rem"
            value={query.kind}
            onChange={(event) => dispatch({ type: 'kind', kind: event.target.value as AuditKind })}
          >
            {KINDS.map((kind) => (
              <option key={kind || 'all'} value={kind}>
                {t(`kind.${kind || 'all'}`)}
              </option>
            ))}
          </SelectField>
          <Flex gap="xs">
            <Button size="small" gap="xs" onClick={refresh} isLoading={records.isValidating && !records.isLoading} loadingText={t('refreshing')}>
              <Icon name="refresh" size={18} />
              {t('refresh')}
            </Button>
            <Button size="small" gap="xs" onClick={openPanel} aria-expanded={panelOpen} aria-controls={panelId}>
              <Icon name="filter" size={18} />
              {t('filters')}
            </Button>
          </Flex>
        </Flex>
        <div id={panelId} hidden={!panelOpen} className="filter-body">
          <form
            aria-label={t('filtersForm')}
            onSubmit={(event) => {
              event.preventDefault();
              if (!rangeError) apply();
            }}
          >
            <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr', large: 'repeat(5, minmax(0, 1fr))' }} gap="small">
              <TextField
                label={t('searchText')}
                name="search"
                size="small"
                maxLength={MAX_SEARCH}
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              <SelectField
                label={t('actionType')}
                name="action"
                size="small"
                value={query.action}
                onChange={(event) => dispatch({ type: 'action', action: event.target.value })}
              >
                <ActionOptions actions={actions} />
              </SelectField>
              <DateField
                label={t('startDate')}
                name="startDate"
                size="small"
                value={draft.startDate}
                onChange={(startDate) => setDraft({ ...draft, startDate })}
              />
              <DateField
                label={t('endDate')}
                name="endDate"
                size="small"
                value={draft.endDate}
                onChange={(endDate) => setDraft({ ...draft, endDate })}
                hasError={Boolean(rangeError)}
                errorMessage={rangeError}
              />
              <SelectField
                label={t('perPage')}
                name="limit"
                size="small"
                value={String(draft.limit)}
                onChange={(event) => setDraft({ ...draft, limit: Number(event.target.value) })}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={String(size)}>
                    {size}
                  </option>
                ))}
              </SelectField>
            </Grid>
            <Flex gap="xs" justifyContent="flex-end" marginTop="small">
              <Button size="small" onClick={clearAll}>
                {t('grievances:filters.clearAll')}
              </Button>
              <Button size="small" type="submit" variation="primary" isDisabled={Boolean(rangeError)}>
                {t('apply')}
              </Button>
            </Flex>
          </form>
        </div>
      </Card>

      <Card variation="outlined" className="panel table-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} className="panel-title" id="audit-heading">
            {t('records')}
          </Heading>
          <IntegrityIndicator recordsPath={hasToken ? auditPath(query) : null} />
          {hasToken ? <AuditExportButtons recordsPath={auditPath(query)} onMessage={(message, failed) => setExported({ message, failed })} /> : null}
          {records.data && !records.isLoading && entries.length > 0 ? (
            <Text className="count-text" role="status">
              {query.search.trim()
                ? t('rangeSearched', { first: formatCount(first), last: formatCount(last), search: query.search.trim() })
                : t('range', { first: formatCount(first), last: formatCount(last) })}
            </Text>
          ) : null}
        </Flex>
        {exported ? (
          <Text className={exported.failed ? 'form-error' : 'count-text'} role={exported.failed ? 'alert' : 'status'}>
            {exported.message}
          </Text>
        ) : null}

        {failure ? (
          <LoadFailure message={failure} onRetry={hasToken ? refresh : undefined} padded />
        ) : records.isLoading && !records.data ? (
          <LoadingState label={t('loading')} />
        ) : (
          <AuditTable labelledBy="audit-heading" entries={entries} onDetails={setSelected} />
        )}

        {!failure && records.data && (query.offset > 0 || hasNext) ? (
          <nav className="pager" aria-label={t('pages')}>
            <Button size="small" gap="xs" isDisabled={query.offset === 0} onClick={() => dispatch({ type: 'previous' })}>
              <Icon name="chevronLeft" size={18} />
              {t('previous')}
            </Button>
            <Text as="span" className="muted-text">
              {t('page', { page: formatCount(Math.floor(query.offset / query.limit) + 1), size: query.limit })}
            </Text>
            <Button size="small" gap="xs" isDisabled={!hasNext} onClick={() => dispatch({ type: 'next' })}>
              {t('next')}
              <Icon name="chevronRight" size={18} />
            </Button>
          </nav>
        ) : null}
      </Card>

      {selected ? <AuditDetailsDialog entry={selected} onClose={() => setSelected(null)} /> : null}
    </>
  );
}
