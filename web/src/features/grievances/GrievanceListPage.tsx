// 'Grievances & FIR Management'. Filters and order live in the URL and are applied by
// the server; the pages and the search that reads on by itself are list/use-list-search.ts,
// the results list/ResultsPanel.tsx, the keyboard list/use-list-keys.ts, the saved views
// (and the default one the list opens with) views/, the selection and what is done to it
// at once bulk/.
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { GrievanceSummaryRow, ViewEntry } from '../../api/types';
import { useDensity } from '../../components/data-table/density';
import { Notices } from '../../components/Notices';
import { PageHeader } from '../../components/PageHeader';
import { useDeletion } from '../../components/use-deletion';
import { useTransientMessage } from '../../components/use-transient-message';
import { usePermission } from '../auth/use-permission';
import { grievancesApi } from './api/grievances';
import { BulkToolbar } from './bulk/BulkToolbar';
import { useSelection } from './bulk/use-selection';
import { useArrivalNotice } from './arrival-notice';
import { DeleteGrievanceDialog } from './delete/DeleteGrievanceDialog';
import { ExportButtons } from './ExportButtons';
import { GrievanceFilterPanel, type FilterPanelHandle } from './GrievanceFilterPanel';
import { activeFilterCount, filtersFromParams, filtersToParams, listPath, type GrievanceFilters } from './list-filters';
import { orderFromParams, withOrder, type ListOrder } from './list-order';
import { useListPlace } from './list-place';
import { NewGrievanceButton } from './list/ListStates';
import { HEADING_ID, ResultsPanel } from './list/ResultsPanel';
import { ShortcutsDialog } from './list/ShortcutsDialog';
import { useListKeys } from './list/use-list-keys';
import { useListSearch } from './list/use-list-search';
import { listQuery, viewDensity, viewPath } from './views/saved-views';
import { useDefaultView } from './views/use-default-view';
import { ViewsControl } from './views/ViewsControl';

/** Where the browser keeps the chosen row spacing. */
const DENSITY_KEY = 'portal.listDensity';

/** The link of the row at `index` among those in `box` (columns.tsx marks each with its place). */
const rowLink = (box: HTMLElement | null, index: number) => box?.querySelector<HTMLElement>(`a[data-row="${index}"]`) ?? null;

/** The row's link of the row an element is in (its link, checkbox or menu button). */
const linkOfRow = (element: Element) => element.closest('tr')?.querySelector('a[data-row]') ?? null;

export default function GrievanceListPage() {
  const { t } = useTranslation('grievances');
  const canCreate = usePermission('grievances', 'create');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const order = useMemo(() => orderFromParams(params), [params]);
  const filtered = activeFilterCount(filters) > 0;
  const [density, setDensity] = useDensity(DENSITY_KEY);
  const navigate = useNavigate();
  const notice = useTransientMessage(5000);

  // A view shows the list with its query and row spacing; the default one replaces the
  // address the list was opened with, so that Back does not return to the bare list.
  const openView = useCallback(
    (view: ViewEntry, replace = false) => {
      navigate(viewPath(view), { replace });
      setDensity(viewDensity(view));
    },
    [navigate, setDensity],
  );
  const openDefault = useCallback(
    (view: ViewEntry) => {
      openView(view, true);
      notice.show(t('views.openedDefault', { name: view.name }));
    },
    [openView, notice.show, t],
  );
  const settled = useDefaultView(params.toString() === '', openDefault);

  const search = useListSearch(filters, order, filtered, settled);
  // The selection belongs to the list of these filters and this order.
  const selection = useSelection(listPath(filters, null, order));
  useListPlace(!search.isLoading && (search.rows.length > 0 || Boolean(search.error) || search.pages.length > 0));

  const filterPanel = useRef<FilterPanelHandle>(null);
  const results = useRef<HTMLDivElement>(null);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const keys = useListKeys({
    rowCount: search.rows.length,
    rowsKey: listPath(filters, null, order),
    onSearch: () => filterPanel.current?.focusSearch(),
    onRow: (index) => rowLink(results.current, index)?.focus(),
    onOpen: (index) => {
      const row = search.rows[index];
      if (row) navigate(`/grievances/${row.id}`);
    },
    onNew: canCreate ? () => navigate('/grievances/new') : undefined,
    onHelp: () => setShortcutsOpen(true),
    onSelect: (index) => {
      const row = search.rows[index];
      if (row) selection.set([row], !selection.has(row.id));
    },
    rowOf: (element) => {
      const link = linkOfRow(element);
      return link && results.current?.contains(link) ? Number(link.getAttribute('data-row')) : null;
    },
  });

  const [failure, setFailure] = useState<string | null>(null);
  useArrivalNotice(notice.show);
  const deletion = useDeletion<GrievanceSummaryRow>({
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

  const query = listQuery(filters, order);
  // Where the exports tell how they went, the header's and the publication's alike.
  const exportTo = {
    query,
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
            {canCreate ? <NewGrievanceButton label={t('list.new')} shortcut="c" /> : null}
          </>
        }
      />
      <Notices notice={notice} failure={failure} onDismissFailure={() => setFailure(null)} place="page" />
      <GrievanceFilterPanel
        ref={filterPanel}
        filters={filters}
        onChange={setFilters}
        footer={<ExportButtons {...exportTo} kinds={['publication']} label={t('export.publicationGroup')} />}
      />
      <ResultsPanel
        search={search}
        searchText={filters.search}
        order={order}
        onSort={setOrder}
        filtered={filtered}
        onClearFilters={() => setFilters(filtersFromParams(new URLSearchParams()))}
        onDelete={deletion.ask}
        current={keys.current}
        onShortcuts={() => setShortcutsOpen(true)}
        density={density}
        onDensity={setDensity}
        views={<ViewsControl query={query} density={density} onOpen={openView} onNotice={notice.show} />}
        selection={selection}
        toolbar={
          <BulkToolbar
            selection={selection}
            search={search}
            filters={filters}
            order={order}
            onNotice={notice.show}
            onFailure={(text) => {
              if (text) notice.clear();
              setFailure(text);
            }}
            onApplied={search.reload}
            headingId={HEADING_ID}
          />
        }
        ref={results}
      />
      {shortcutsOpen ? <ShortcutsDialog canCreate={canCreate} onClose={() => setShortcutsOpen(false)} /> : null}
      <DeleteGrievanceDialog deletion={deletion} />
    </>
  );
}
