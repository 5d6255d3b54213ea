// The collapsible 'Search & Filters' panel of the grievance list.
// Text boxes wait for a pause in typing before they change the URL; the
// dropdowns and dates change it at once. Closed until the user opens it (the
// rows come first, at desk and phone widths alike), with the number of filters
// in force on its toggle; open or closed is remembered per browser.
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card, CheckboxField, Flex, Grid, SearchField, SelectField, TextField } from '@aws-amplify/ui-react';
import { readerName } from '../../api/item-names';
import type { ListKind } from '../../api/types';
import { useDebouncedText } from '../../lib/use-debounced-text';
import { useStoredChoice } from '../../lib/use-stored-choice';
import { DateField } from '../../components/DateField';
import { Icon } from '../../components/icons';
import { sortItems } from '../admin/api/lists';
import { useListItems } from '../admin/api/use-list-items';
import { useSession } from '../auth/use-session';
import { useGrievanceScope } from './api/use-grievance-scope';
import { receivesEscalations } from './escalation/escalation';
import { ACTS } from './law/law';
import {
  activeFilterCount,
  CLOCK_FILTERS,
  APPEAL_PENDING,
  CLOSURE_PENDING,
  dateRangeError,
  EMPTY_FILTERS,
  ESCALATED_TO_ME,
  readableSection,
  withinScope,
  type FilterKey,
  type GrievanceFilters,
} from './list-filters';
import { searchFieldLabels } from '../../i18n/amplify-labels';


/** Where the panel's open or closed state is remembered. */
export const FILTERS_OPEN_KEY = 'portal.listFilters';
const PANEL_STATES = ['open', 'closed'] as const;

interface GrievanceFilterPanelProps {
  filters: GrievanceFilters;
  onChange: (filters: GrievanceFilters) => void;
  /** Run by the filters set here, under them (the publication export). */
  footer?: ReactNode;
}

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

export function GrievanceFilterPanel({ filters, onChange, footer }: GrievanceFilterPanelProps) {
  const { t } = useTranslation('grievances');
  const [panel, setPanel] = useStoredChoice(FILTERS_OPEN_KEY, PANEL_STATES, 'closed');
  const open = panel === 'open';
  const panelId = useId();
  const count = activeFilterCount(filters);
  // Without an answer (an older server, a failure) the filters offer every place, as before scopes.
  const scope = useGrievanceScope().data;
  const districts = useFilterOptions('districts', scope?.districts);
  const stations = useFilterOptions('police_stations', scope?.stations);
  const statuses = useFilterOptions('statuses');
  const priorities = useFilterOptions('priorities');

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
  // A section applies once it reads as one; until then the box says how to write it.
  const [section, setSection] = useDebouncedText(filters.section, (next) => {
    if (!next.trim() || readableSection(next)) change({ section: next.trim() });
  });
  const sectionError = section.trim() && !readableSection(section) ? t('errors:SECTION_NUMBER_INVALID') : null;
  const rangeError = dateRangeError(filters);
  // Nothing is escalated to a police station: its staff get no 'Escalated to me' queue
  // (unless the address asks for it, so that it can be unticked).
  const { user } = useSession();
  const escalationQueue = receivesEscalations(user?.posting) || filters.escalated === ESCALATED_TO_ME;

  const select = (key: FilterKey, label: string, options: { value: string; label: string }[], all: string) => (
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
      <Flex justifyContent="space-between" alignItems="center" wrap="nowrap" gap="small">
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
          {select('clock', t('filters.clock'), CLOCK_FILTERS.map((value) => ({ value, label: t(`filters.clock_${value}`) })), t('filters.anyClock'))}
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
          <DateField
            label={t('field.from_date')}
            name="from_date"
            size="small"
            value={filters.from_date}
            onChange={(value) => set('from_date', value)}
          />
          <DateField
            label={t('field.to_date')}
            name="to_date"
            size="small"
            value={filters.to_date}
            onChange={(value) => set('to_date', value)}
            hasError={Boolean(rangeError)}
            errorMessage={rangeError ?? undefined}
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
