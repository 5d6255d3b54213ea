// The collapsible 'Search & Filters' panel of the grievance list.
// Text boxes wait for a pause in typing before they change the URL; the
// dropdowns and dates change it at once. Closed until the user opens it (the
// rows come first, at desk and phone widths alike), its toggle then saying in one
// line which filters are in force; open or closed is remembered per browser.
import { useId, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, CheckboxField, Flex, Grid, SearchField, SelectField, TextField } from '@aws-amplify/ui-react';
import { readerName } from '../../api/item-names';
import type { ListKind } from '../../api/types';
import { formatDate } from '../../lib/format';
import { useDebouncedText } from '../../lib/use-debounced-text';
import { useStoredChoice } from '../../lib/use-stored-choice';
import { DateField } from '../../components/DateField';
import { Icon } from '../../components/icons';
import { sortItems } from '../admin/api/lists';
import { useListItems } from '../admin/api/use-list-items';
import { usePermission } from '../auth/use-permission';
import { useSession } from '../auth/use-session';
import { useGrievanceScope } from './api/use-grievance-scope';
import { useListAssignees } from './api/use-list-assignees';
import { receivesEscalations } from './escalation/escalation';
import { ACTS } from './law/law';
import {
  activeFilterCount,
  ASSIGNED_TO_ME,
  CLOCK_FILTERS,
  APPEAL_PENDING,
  CLOSURE_PENDING,
  dateRangeError,
  EMPTY_FILTERS,
  ESCALATED_TO_ME,
  filedRangeError,
  FILTER_KEYS,
  readableSection,
  UNASSIGNED,
  withinScope,
  type FilterKey,
  type GrievanceFilters,
} from './list-filters';
import { searchFieldLabels } from '../../i18n/amplify-labels';


/** Where the panel's open or closed state is remembered. */
export const FILTERS_OPEN_KEY = 'portal.listFilters';
const PANEL_STATES = ['open', 'closed'] as const;

/** What the list's keyboard asks of the panel. */
export interface FilterPanelHandle {
  /** Opens the panel if closed and puts the cursor in the search box. */
  focusSearch: () => void;
}

interface GrievanceFilterPanelProps {
  filters: GrievanceFilters;
  onChange: (filters: GrievanceFilters) => void;
  /** Run by the filters set here, under them (the publication export). */
  footer?: ReactNode;
  ref?: Ref<FilterPanelHandle>;
}

type Option = { value: string; label: string };

/** The label an option list gives `value`, or the value itself (a name no longer listed). */
const labelOf = (options: readonly Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/**
 * Every item of a list, active first (old grievances may name inactive ones);
 * of a posting's places, only those `scope` holds.
 */
function useFilterOptions(kind: ListKind, scope?: readonly number[] | null) {
  const { data } = useListItems(kind);
  const { t, i18n } = useTranslation('grievances');
  const items = data ? sortItems(withinScope(data, scope)) : [];
  return [...items.filter((i) => i.is_active), ...items.filter((i) => !i.is_active)].map((item) => ({
    value: item.name,
    label: item.is_active ? readerName(item, i18n.language) : t('inactiveOption', { name: readerName(item, i18n.language) }),
  }));
}

/**
 * The 'Assigned' filter's choices: Mine and Unassigned always; by name, everyone the caller
 * may assign grievances to, when the server tells (it does for those who may update
 * grievances). An id in the address that no name answers is still shown, by its number.
 */
function useAssigneeOptions(chosen: string): Option[] {
  const { t } = useTranslation('grievances');
  const { data } = useListAssignees(usePermission('grievances', 'update'));
  const named = (data?.data ?? []).map((officer) => ({ value: String(officer.id), label: officer.name }));
  const unnamed = chosen && chosen !== ASSIGNED_TO_ME && chosen !== UNASSIGNED && !named.some((o) => o.value === chosen);
  return [
    { value: ASSIGNED_TO_ME, label: t('filters.assigneeMine') },
    { value: UNASSIGNED, label: t('filters.assigneeNone') },
    ...(unnamed ? [{ value: chosen, label: t('filters.assigneeUser', { id: chosen }) }] : []),
    ...named,
  ];
}

export function GrievanceFilterPanel({ filters, onChange, footer, ref }: GrievanceFilterPanelProps) {
  const { t } = useTranslation('grievances');
  const [panel, setPanel] = useStoredChoice(FILTERS_OPEN_KEY, PANEL_STATES, 'closed');
  const open = panel === 'open';
  const panelId = useId();
  const count = activeFilterCount(filters);
  const searchBox = useRef<HTMLInputElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focusSearch() {
        // The box is hidden while the panel is closed: draw it open before focusing it.
        if (!open) flushSync(() => setPanel('open'));
        searchBox.current?.focus();
        searchBox.current?.select();
      },
    }),
    [open, setPanel],
  );
  // Without an answer (an older server, a failure) the filters offer every place, as before scopes.
  const scope = useGrievanceScope().data;
  const districts = useFilterOptions('districts', scope?.districts);
  const stations = useFilterOptions('police_stations', scope?.stations);
  const statuses = useFilterOptions('statuses');
  const priorities = useFilterOptions('priorities');
  const assignees = useAssigneeOptions(filters.assignee);

  // Each change builds on the last one made, not on the filters of the last render: a typed
  // FIR number applied after its pause must keep a district chosen during that pause, even
  // before the page has drawn the district's change.
  const latest = useRef(filters);
  latest.current = filters;
  const change = (patch: Partial<GrievanceFilters>) => {
    latest.current = { ...latest.current, ...patch };
    onChange(latest.current);
  };
  const set = (key: FilterKey, value: string) => change({ [key]: value });
  const [search, setSearch, applySearch] = useDebouncedText(filters.search, (next) => change({ search: next }));
  const [firNo, setFirNo] = useDebouncedText(filters.fir_no, (next) => change({ fir_no: next }));
  const [crimeHead, setCrimeHead] = useDebouncedText(filters.crime_head, (next) => change({ crime_head: next }));
  // A section applies once it reads as one; until then the box says how to write it.
  const [section, setSection] = useDebouncedText(filters.section, (next) => {
    if (!next.trim() || readableSection(next)) change({ section: next.trim() });
  });
  const sectionError = section.trim() && !readableSection(section) ? t('errors:SECTION_NUMBER_INVALID') : null;
  const rangeError = dateRangeError(filters);
  const filedError = filedRangeError(filters);
  // Nothing is escalated to a police station: its staff get no 'Escalated to me' queue
  // (unless the address asks for it, so that it can be unticked).
  const { user } = useSession();
  const escalationQueue = receivesEscalations(user?.posting) || filters.escalated === ESCALATED_TO_ME;

  const clocks = CLOCK_FILTERS.map((value) => ({ value, label: t(`filters.clock_${value}`) }));

  // Each filter in force as the collapsed panel names it, in the order of the fields.
  const summary = FILTER_KEYS.filter((key) => filters[key].trim() !== '').map((key) => {
    const value = filters[key].trim();
    const named = (label: string, shown: string) => `${label}: ${shown}`;
    switch (key) {
      case 'search':
        return named(t('filters.search'), value);
      case 'fir_no':
        return named(t('field.fir_no'), value);
      case 'district':
        return named(t('field.district'), labelOf(districts, value));
      case 'police_station':
        return named(t('field.police_station'), labelOf(stations, value));
      case 'status':
        return named(t('field.status'), labelOf(statuses, value));
      case 'priority':
        return named(t('field.priority'), labelOf(priorities, value));
      case 'from_date':
        return named(t('field.from_date'), formatDate(value));
      case 'to_date':
        return named(t('field.to_date'), formatDate(value));
      case 'filed_from':
        return named(t('filters.filedFrom'), formatDate(value));
      case 'filed_to':
        return named(t('filters.filedTo'), formatDate(value));
      case 'assignee':
        return named(t('filters.assignee'), labelOf(assignees, value));
      case 'crime_head':
        return named(t('filters.crimeHead'), value);
      case 'clock':
        return named(t('filters.clock'), labelOf(clocks, value));
      case 'act':
        return named(t('filters.act'), t(`casework:law.acts.${value}`));
      case 'section':
        return named(t('filters.section'), value);
      case 'overdue':
        return t('filters.overdueOnly');
      case 'closure':
        return t('filters.closurePending');
      case 'appeal':
        return t('filters.appealPending');
      case 'escalated':
        return t('filters.escalatedToMe');
    }
  });
  const summaryText = summary.length > 0 ? summary.join(' · ') : t('filters.noFilters');

  const select = (key: FilterKey, label: string, options: Option[], all: string) => (
    <SelectField label={label} name={key} size="small" value={filters[key]} onChange={(event) => set(key, event.target.value)}>
      <option value="">{all}</option>
      {filters[key] && !options.some((o) => o.value === filters[key]) ? (
        <option value={filters[key]}>{filters[key]}</option>
      ) : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

  return (
    <Card as="section" variation="outlined" className="panel filter-panel" aria-label={t('filters.title')}>
      <Flex justifyContent="space-between" alignItems="center" wrap="nowrap" gap="small" className="filter-head">
        <button
          type="button"
          className="collapse-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setPanel(open ? 'closed' : 'open')}
        >
          <span className={open ? 'chevron open' : 'chevron'}>
            <Icon name="chevronDown" size={20} />
          </span>
          <span className="collapse-title">{t('filters.title')}</span>
          {count > 0 ? (
            <Badge size="small" className="filter-count">
              {t('filters.activeCount', { count })}
            </Badge>
          ) : null}
          {/* Closed, the toggle says which filters are in force; open, the fields do. */}
          {open ? null : (
            <span className="filter-summary" title={summaryText}>
              {summaryText}
            </span>
          )}
        </button>
        {count > 0 ? (
          <Button size="small" variation="link" onClick={() => change(EMPTY_FILTERS)}>
            {t('filters.clearAll')}
          </Button>
        ) : null}
      </Flex>
      <div id={panelId} hidden={!open} className="filter-body">
        <Grid templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', large: 'repeat(4, minmax(0, 1fr))' }} gap="small">
          <SearchField
            {...searchFieldLabels()}
            ref={searchBox}
            aria-keyshortcuts="/"
            label={t('filters.search')}
            name="search"
            size="small"
            placeholder={t('filters.searchPlaceholder')}
            columnSpan={{ base: 2, large: 1 }}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onClear={() => applySearch('')}
            onSubmit={applySearch}
            labelHidden={false}
            hasSearchButton={false}
          />
          <TextField
            label={t('field.fir_no')}
            name="fir_no"
            columnSpan={{ base: 2, large: 1 }}
            size="small"
            autoComplete="off"
            value={firNo}
            onChange={(event) => setFirNo(event.target.value)}
          />
          {select('district', t('field.district'), districts, t('filters.allDistricts'))}
          {select('police_station', t('field.police_station'), stations, t('filters.allStations'))}
          {select('status', t('field.status'), statuses, t('filters.allStatuses'))}
          {select('priority', t('field.priority'), priorities, t('filters.allPriorities'))}
          {select('assignee', t('filters.assignee'), assignees, t('filters.assigneeAnyone'))}
          <TextField
            label={t('filters.crimeHead')}
            name="crime_head"
            size="small"
            autoComplete="off"
            descriptiveText={t('filters.crimeHeadHint')}
            value={crimeHead}
            onChange={(event) => setCrimeHead(event.target.value)}
          />
          <DateField
            label={t('field.from_date')}
            name="from_date"
            size="small"
            descriptiveText={t('filters.firDateHint')}
            value={filters.from_date}
            onChange={(value) => set('from_date', value)}
          />
          <DateField
            label={t('field.to_date')}
            name="to_date"
            size="small"
            descriptiveText={t('filters.firDateHint')}
            value={filters.to_date}
            onChange={(value) => set('to_date', value)}
            hasError={Boolean(rangeError)}
            errorMessage={rangeError ?? undefined}
          />
          <DateField
            label={t('filters.filedFrom')}
            name="filed_from"
            size="small"
            descriptiveText={t('filters.filedDateHint')}
            value={filters.filed_from}
            onChange={(value) => set('filed_from', value)}
          />
          <DateField
            label={t('filters.filedTo')}
            name="filed_to"
            size="small"
            descriptiveText={t('filters.filedDateHint')}
            value={filters.filed_to}
            onChange={(value) => set('filed_to', value)}
            hasError={Boolean(filedError)}
            errorMessage={filedError ?? undefined}
          />
          {select('clock', t('filters.clock'), clocks, t('filters.anyClock'))}
          <SelectField
            label={t('filters.act')}
            name="act"
            size="small"
            value={filters.act}
            // A section belongs to its act: another act, or none, lets it go.
            onChange={(event) => change({ act: event.target.value, section: '' })}
          >
            <option value="">{t('filters.anyAct')}</option>
            {ACTS.map((act) => (
              <option key={act} value={act}>
                {t(`casework:law.acts.${act}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('filters.section')}
            name="section"
            size="small"
            autoComplete="off"
            placeholder={t('filters.sectionPlaceholder')}
            isDisabled={!filters.act}
            descriptiveText={filters.act ? undefined : t('filters.sectionNeedsAct')}
            value={section}
            onChange={(event) => setSection(event.target.value)}
            hasError={Boolean(sectionError)}
            errorMessage={sectionError ?? undefined}
          />
          <CheckboxField
            label={t('filters.overdueOnly')}
            name="overdue"
            value="true"
            className="overdue-filter"
            checked={filters.overdue === 'true'}
            onChange={(event) => set('overdue', event.target.checked ? 'true' : '')}
          />
          <CheckboxField
            label={t('filters.closurePending')}
            name="closure"
            value={CLOSURE_PENDING}
            className="closure-filter"
            checked={filters.closure === CLOSURE_PENDING}
            onChange={(event) => set('closure', event.target.checked ? CLOSURE_PENDING : '')}
          />
          <CheckboxField
            label={t('filters.appealPending')}
            name="appeal"
            value={APPEAL_PENDING}
            className="appeal-filter"
            checked={filters.appeal === APPEAL_PENDING}
            onChange={(event) => set('appeal', event.target.checked ? APPEAL_PENDING : '')}
          />
          {escalationQueue ? (
            <CheckboxField
              label={t('filters.escalatedToMe')}
              name="escalated"
              value={ESCALATED_TO_ME}
              className="escalated-filter"
              checked={filters.escalated === ESCALATED_TO_ME}
              onChange={(event) => set('escalated', event.target.checked ? ESCALATED_TO_ME : '')}
            />
          ) : null}
        </Grid>
        {footer ? <div className="filter-footer">{footer}</div> : null}
      </div>
    </Card>
  );
}
