// 'Grievances & FIR Management'. Filters and order live in the URL and are applied by
// the server; the pages and the search that reads on by itself are list/use-list-search.ts,
// the results list/ResultsPanel.tsx.
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { GrievanceRow } from '../../api/types';
import { Notices } from '../../components/Notices';
import { PageHeader } from '../../components/PageHeader';
import { useDeletion } from '../../components/use-deletion';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { grievancesApi } from './api/grievances';
import { useArrivalNotice } from './arrival-notice';
import { DeleteGrievanceDialog } from './delete/DeleteGrievanceDialog';
import { ExportButtons } from './ExportButtons';
import { GrievanceFilterPanel } from './GrievanceFilterPanel';
import { activeFilterCount, filtersFromParams, filtersToParams, type GrievanceFilters } from './list-filters';
import { orderFromParams, withOrder, type ListOrder } from './list-order';
import { useListPlace } from './list-place';
import { NewGrievanceButton } from './list/ListStates';
import { ResultsPanel } from './list/ResultsPanel';
import { useListSearch } from './list/use-list-search';

export default function GrievanceListPage() {
  const { t } = useTranslation('grievances');
  const canCreate = usePermission('grievances', 'create');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const order = useMemo(() => orderFromParams(params), [params]);
  const filtered = activeFilterCount(filters) > 0;
  const search = useListSearch(filters, order, filtered);
  useListPlace(!search.isLoading && (search.rows.length > 0 || Boolean(search.error) || search.pages.length > 0));

  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);
  useArrivalNotice(notice.show);
  const deletion = useDeletion<GrievanceRow>({
    remove: (grievance, reason) => grievancesApi.remove(grievance.id, reason),
    deleted: (grievance) => t('list.deleted', { number: grievance.grievance_number }),
    failed: t('list.deleteFailed'),
    onDeleted: notice.show,
    onFailure: setFailure,
    onSettled: search.reload,
  });

  // New filters keep the order; a new order keeps the filters.
  const setFilters = useCallback(
    (next: GrievanceFilters) => setParams(withOrder(filtersToParams(next), order), { replace: true }),
    [setParams, order],
  );
  const setOrder = useCallback(
    (next: ListOrder) => setParams(withOrder(filtersToParams(filters), next), { replace: true }),
    [setParams, filters],
  );

  // Where the exports tell how they went, the header's and the publication's alike.
  const exportTo = {
    query: withOrder(filtersToParams(filters), order).toString(),
    onStart: () => setFailure(null),
    onReady: notice.show,
    onFailure: (text: string) => {
      notice.clear();
      setFailure(text);
    },
  };

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <ExportButtons {...exportTo} />
            {canCreate ? <NewGrievanceButton label={t('list.new')} /> : null}
          </>
        }
      />
      <Notices notice={notice} failure={failure} onDismissFailure={() => setFailure(null)} place="page" />
      <GrievanceFilterPanel
        filters={filters}
        onChange={setFilters}
        footer={<ExportButtons {...exportTo} kinds={['publication']} label={t('export.publicationGroup')} />}
      />
      <ResultsPanel
        search={search}
        order={order}
        onSort={setOrder}
        filtered={filtered}
        onClearFilters={() => setFilters(filtersFromParams(new URLSearchParams()))}
        onDelete={deletion.ask}
      />
      <DeleteGrievanceDialog deletion={deletion} />
    </>
  );
}
