// What the grievance list says besides its rows: that there is none yet or none
// matching, and, under the rows, how a search that reads on by itself is getting on
// ('Stop searching', 'Continue searching') or that more may be loaded.
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/icons';
import type { ListSearch } from './use-list-search';

/** `shortcut`: the key that does the same (aria-keyshortcuts), where the page answers one. */
export function NewGrievanceButton({ label, shortcut }: { label: string; shortcut?: string }) {
  return (
    <Button as={Link} to="/grievances/new" variation="primary" gap="xs" aria-keyshortcuts={shortcut}>
      <Icon name="add" size={18} />
      {label}
    </Button>
  );
}

interface EmptyListProps {
  /** Nothing is filed yet (rather than nothing matches). */
  none: boolean;
  canCreate: boolean;
  /** Clears the filters; absent when none is set. */
  onClearFilters?: () => void;
}

/** 'No Grievances Yet' with 'Create First Grievance', or 'No Matching Results' with 'Clear All Filters'. */
export function EmptyList({ none, canCreate, onClearFilters }: EmptyListProps) {
  const { t } = useTranslation('grievances');
  return (
    <Flex direction="column" alignItems="center" gap="small" className="empty-state">
      <Heading level={3} className="empty-title">
        {t(none ? 'list.emptyTitle' : 'list.noMatchTitle')}
      </Heading>
      <Text className="muted-text">{t(none ? 'list.emptyText' : 'list.noMatchText')}</Text>
      {none && canCreate ? <NewGrievanceButton label={t('list.createFirst')} /> : null}
      {!none && onClearFilters ? (
        <Button size="small" onClick={onClearFilters}>
          {t('list.clearAllFilters')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** Under the rows: the search's progress, or 'Load more'. */
export function ListProgress({ search }: { search: ListSearch }) {
  const { t } = useTranslation('grievances');
  const { phase, rows, progress, counters, loadingMore } = search;
  if (phase === 'reading' || phase === 'stopped') {
    return (
      <Flex className={rows.length > 0 ? 'load-more' : 'load-more search-empty'} direction="column" alignItems="center" gap="xs">
        <Text className="muted-text" role="status">
          {phase === 'reading'
            ? t('list.searching', progress)
            : t(rows.length > 0 ? 'list.searchStopped' : 'list.searchStoppedEmpty', progress)}
        </Text>
        {phase === 'reading' ? (
          <Button size="small" onClick={search.stop}>
            {t('list.stopSearching')}
          </Button>
        ) : (
          <Button onClick={search.resume} isLoading={loadingMore} loadingText={t('list.loadingMore')}>
            {t('list.continueSearching')}
          </Button>
        )}
      </Flex>
    );
  }
  if (phase !== 'more') return null;
  return (
    <Flex className="load-more" direction="column" alignItems="center" gap="xs">
      {counters?.more ? <Text className="muted-text">{counters.more}</Text> : null}
      <Button onClick={search.loadMore} isLoading={loadingMore} loadingText={t('list.loadingMore')}>
        {t('list.loadMore')}
      </Button>
    </Flex>
  );
}
