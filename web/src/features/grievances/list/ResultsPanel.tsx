// The grievance list's results: the heading with the counters ('Showing X of Y
// grievances', 'N filtered out'), the saved views and the row spacing, the grievances whose
// number is the text searched for, then the table, or its loading or failed state, and under
// it the search's progress.
import type { ReactNode, Ref } from 'react';
import { Alert, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import type { GrievanceSummaryRow } from '../../../api/types';
import { errorText } from '../../../api/errors';
import { DensityToggle } from '../../../components/data-table/DensityToggle';
import type { Density } from '../../../components/data-table/density';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingState } from '../../../components/LoadingState';
import { usePermission } from '../../auth/use-permission';
import type { ListOrder } from '../list-order';
import type { Selection } from '../bulk/use-selection';
import { NumberOffer } from '../number-lookup/NumberOffer';
import { GrievanceTable } from './GrievanceTable';
import { EmptyList, ListProgress } from './ListStates';
import type { ListSearch } from './use-list-search';

/** The results' heading: it takes the focus when what had it goes (a change that left nothing selected). */
export const HEADING_ID = 'grievances-heading';

interface ResultsPanelProps {
  search: ListSearch;
  /** The free-text search in force: a whole number in it offers its grievances. */
  searchText: string;
  order: ListOrder;
  onSort: (next: ListOrder) => void;
  filtered: boolean;
  onClearFilters: () => void;
  onDelete: (grievance: GrievanceSummaryRow) => void;
  /** The row reached with the keyboard. */
  current: number | null;
  /** Opens the list of keyboard shortcuts. */
  onShortcuts: () => void;
  density: Density;
  onDensity: (next: Density) => void;
  /** The saved views' menu, beside the row spacing. */
  views?: ReactNode;
  /** The grievances selected on the list, and what can be done to them (over the rows). */
  selection?: Selection;
  toolbar?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

export function ResultsPanel(props: ResultsPanelProps) {
  const { search, searchText, order, onSort, filtered, onClearFilters, onDelete, current, onShortcuts, density, onDensity, views, selection, toolbar, ref } = props;
  const { t } = useTranslation('grievances');
  const canCreate = usePermission('grievances', 'create');
  const { data, error, isLoading, rows, first, counters, phase } = search;

  return (
    <Card variation="outlined" className="panel table-panel results-panel" ref={ref}>
      <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
        <Flex alignItems="baseline" gap="small" wrap="wrap">
          <Heading level={2} className="panel-title" id={HEADING_ID} tabIndex={-1}>
            {t('list.heading')}
          </Heading>
          {counters ? (
            <Text className="count-text" role="status">
              {counters.showing}
              {counters.filteredOut ? <span className="count-extra"> · {counters.filteredOut}</span> : null}
            </Text>
          ) : null}
        </Flex>
        <Flex alignItems="center" gap="small" wrap="wrap">
          {views}
          {rows.length > 0 ? <DensityToggle density={density} onChange={onDensity} /> : null}
          <Button size="small" variation="link" className="shortcuts-button" aria-keyshortcuts="?" onClick={onShortcuts}>
            {t('keys.title')}
          </Button>
        </Flex>
      </Flex>
      <NumberOffer search={searchText} />
      {toolbar}

      {isLoading && !data ? (
        <LoadingState label={t('list.loading')} />
      ) : error && !data ? (
        <LoadFailure message={errorText(error, t('list.loadFailed'))} onRetry={search.reload} padded />
      ) : (
        <>
          {/* A search still reading with nothing found yet shows its progress alone. */}
          {rows.length > 0 || phase === 'done' ? (
            <GrievanceTable
              headingId={HEADING_ID}
              rows={rows}
              order={order}
              onSort={onSort}
              density={density}
              onDelete={onDelete}
              current={current}
              selection={selection}
              empty={
                <EmptyList
                  none={Boolean(first && first.total === 0 && !filtered)}
                  canCreate={canCreate}
                  onClearFilters={filtered ? onClearFilters : undefined}
                />
              }
            />
          ) : null}
          {error ? (
            <Alert variation="error" className="panel-notice-inset">
              {errorText(error, t('list.loadFailed'))}
            </Alert>
          ) : null}
          <ListProgress search={search} />
        </>
      )}
    </Card>
  );
}
