// 'Grievances & FIR Management'. Filters
// live in the URL and are applied by the server; full pages follow with 'Load
// more'. When the server bounds its work (filters no index covers) and answers a
// short page, the list reads on by itself, showing its progress, until it has a
// page, the end, or the user stops it (keep-reading.ts).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrievanceItemNames } from '../../api/item-names';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { errorText } from '../../api/errors';
import type { GrievancePage, GrievanceRow } from '../../api/types';
import { CaseStatusBadge, PriorityBadge } from '../../components/CaseBadges';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Icon } from '../../components/icons';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingState } from '../../components/LoadingState';
import { PageHeader } from '../../components/PageHeader';
import { useTransientMessage } from '../../components/use-transient-message';
import { dash, formatCount, formatDate } from '../../lib/format';
import { usePermission } from '../auth/use-permission';
import { grievancesApi } from './api/grievances';
import { useGrievancePages } from './api/use-grievance-pages';
import { useArrivalNotice } from './arrival-notice';
import { ExportButtons } from './ExportButtons';
import { NumberLookup } from './number-lookup/NumberLookup';
import { GrievanceFilterPanel } from './GrievanceFilterPanel';
import { searchState } from './keep-reading';
import { OverdueBadge } from './pendency/OverdueBadge';
import { ClosurePendingBadge } from './closure/ClosurePendingBadge';
import { EscalatedBadge } from './escalation/EscalatedBadge';
import { useListPlace } from './list-place';
import { dismissLabel } from '../../i18n/amplify-labels';
import {
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  listCounters,
  listPath,
  type GrievanceFilters,
} from './list-filters';
import { orderFromParams, withOrder, type ListOrder } from './list-order';
import { SortableHeader } from './SortableHeader';
import { DensityToggle } from './DensityToggle';
import { GrievanceRowActions } from './GrievanceRowActions';
import { useListDensity } from './list-density';

/** Free text on one line: cut with an ellipsis when long, the whole of it on hover. */
function Clipped({ text }: { text: string }) {
  return (
    <span className="cell-clip" title={text}>
      {text}
    </span>
  );
}

/** Where the user's last ask for a page began, for the list's current filters. */
interface Run {
  /** The first page's path: the filters this run is for. */
  key: string;
  /** The index of the first page loaded since the user last asked for a page. */
  fromPage: number;
  /** The user pressed 'Stop searching'. */
  stopped: boolean;
  /** The list is reading on by itself: the first page need not be fetched again with each step. */
  auto: boolean;
}

const newRun = (key: string): Run => ({ key, fromPage: 0, stopped: false, auto: false });

export default function GrievanceListPage() {
  const { t } = useTranslation('grievances');
  const names = useGrievanceItemNames();
  const canRead = usePermission('grievances', 'read');
  const canCreate = usePermission('grievances', 'create');
  const canUpdate = usePermission('grievances', 'update');
  const canDelete = usePermission('grievances', 'delete');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const order = useMemo(() => orderFromParams(params), [params]);
  const filtered = activeFilterCount(filters) > 0;

  const searchKey = listPath(filters, null, order);
  const [run, setRun] = useState<Run>(() => newRun(searchKey));
  // New filters start a new run.
  const current = run.key === searchKey ? run : newRun(searchKey);

  const { data, error, isLoading, isValidating, size, setSize, mutate } = useGrievancePages(filters, order, !current.auto);

  const [deleting, setDeleting] = useState<GrievanceRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const notice = useTransientMessage(5000);
  const [density, setDensity] = useListDensity();
  useArrivalNotice(notice.show);

  // New filters keep the order; a new order keeps the filters.
  const setFilters = useCallback(
    (next: GrievanceFilters) => setParams(withOrder(filtersToParams(next), order), { replace: true }),
    [setParams, order],
  );
  const setOrder = useCallback(
    (next: ListOrder) => setParams(withOrder(filtersToParams(filters), next), { replace: true }),
    [setParams, filters],
  );

  const pages = (data ?? []).filter((page): page is GrievancePage => Boolean(page && Array.isArray(page.data)));
  const rows = pages.flatMap((page) => page.data);
  useListPlace(!isLoading && (rows.length > 0 || Boolean(error) || pages.length > 0));
  const first = pages[0];
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.next_cursor);
  const loadingMore = isValidating && size > pages.length;
  const counters = first
    ? listCounters({ loaded: rows.length, total: first.total, matched: first.matched, hasMore, filtered })
    : null;
  const search = searchState({
    pages,
    fromPage: current.fromPage,
    stopped: current.stopped,
    failed: Boolean(error),
    requested: size,
    busy: isValidating,
  });
  const total = last?.total ?? 0;
  const progress = { read: formatCount(Math.min(search.examined, total)), total: formatCount(total), count: total };

  // Read the next bounded step without a click. The first time, only mark the run as
  // automatic (so the steps do not fetch the first page again), then step once per
  // page loaded: a failed step, a revalidation or a stop leaves readNext false.
  const { readNext } = search;
  const pageCount = pages.length;
  const auto = current.auto;
  useEffect(() => {
    if (!readNext) return;
    if (!auto) setRun((previous) => ({ ...(previous.key === searchKey ? previous : newRun(searchKey)), auto: true }));
    else void setSize(pageCount + 1);
  }, [readNext, auto, pageCount, searchKey, setSize]);

  /** 'Load more': the user asks for one more page. */
  function loadMore() {
    setRun({ key: searchKey, fromPage: pageCount, stopped: false, auto: false });
    void setSize(pageCount + 1);
  }

  function stopSearching() {
    setRun({ ...current, stopped: true });
  }

  /** 'Continue searching' after a stop, or after a step failed (asks for that step again). */
  function continueSearching() {
    setRun({ ...current, stopped: false });
    if (error) void setSize(pageCount + 1);
  }

  async function confirmDelete(grievance: GrievanceRow) {
    setBusy(true);
    setFailure(null);
    try {
      await grievancesApi.remove(grievance.id);
      notice.show(t('list.deleted', { number: grievance.grievance_number }));
    } catch (problem) {
      setFailure(errorText(problem, t('list.deleteFailed')));
    } finally {
      setBusy(false);
      setDeleting(null);
      void mutate();
    }
  }

  const newButton = (label: string) => (
    <Button as={Link} to="/grievances/new" variation="primary" gap="xs">
      <Icon name="add" size={18} />
      {label}
    </Button>
  );

  const hasActions = canRead || canUpdate || canDelete;

  return (
    <>
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          <>
            <ExportButtons
              query={withOrder(filtersToParams(filters), order).toString()}
              onStart={() => setFailure(null)}
              onReady={notice.show}
              onFailure={(text) => {
                notice.clear();
                setFailure(text);
              }}
            />
            {canCreate ? newButton(t('list.new')) : null}
          </>
        }
      />

      {notice.message ? (
        <Alert variation="success" role="status" className="page-notice" isDismissible {...dismissLabel()} onDismiss={notice.clear}>
          {notice.message}
        </Alert>
      ) : null}
      {failure ? (
        <Alert variation="error" className="page-notice" isDismissible {...dismissLabel()} onDismiss={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}

      <GrievanceFilterPanel filters={filters} onChange={setFilters} />

      <Card variation="outlined" className="panel table-panel results-panel">
        <Flex className="table-panel-head" justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Flex alignItems="baseline" gap="small" wrap="wrap">
            <Heading level={2} className="panel-title" id="grievances-heading">
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
            <NumberLookup />
            {rows.length > 0 ? <DensityToggle density={density} onChange={setDensity} /> : null}
          </Flex>
        </Flex>

        {isLoading && !data ? (
          <LoadingState label={t('list.loading')} />
        ) : error && !data ? (
          <LoadFailure message={errorText(error, t('list.loadFailed'))} onRetry={() => void mutate()} padded />
        ) : rows.length === 0 && search.phase === 'done' ? (
          first && first.total === 0 && !filtered ? (
            <Flex direction="column" alignItems="center" gap="small" className="empty-state">
              <Heading level={3} className="empty-title">
                {t('list.emptyTitle')}
              </Heading>
              <Text className="muted-text">{t('list.emptyText')}</Text>
              {canCreate ? newButton(t('list.createFirst')) : null}
            </Flex>
          ) : (
            <Flex direction="column" alignItems="center" gap="small" className="empty-state">
              <Heading level={3} className="empty-title">
                {t('list.noMatchTitle')}
              </Heading>
              <Text className="muted-text">{t('list.noMatchText')}</Text>
              {filtered ? (
                <Button size="small" onClick={() => setFilters(filtersFromParams(new URLSearchParams()))}>
                  {t('list.clearAllFilters')}
                </Button>
              ) : null}
            </Flex>
          )
        ) : (
          <>
            {rows.length > 0 ? (
              <div className="table-scroll">
                <Table
                  className={`data-table compact-table grievance-table density-${density}`}
                  aria-labelledby="grievances-heading"
                  highlightOnHover
                  size="small"
                >
                  <TableHead>
                    <TableRow>
                      <TableCell as="th" className="col-number">
                        {t('col.grievance_no')}
                      </TableCell>
                      <SortableHeader
                        column="fir_date"
                        label={t('col.fir_no')}
                        sortLabel={t('field.fir_date')}
                        order={order}
                        onSort={setOrder}
                        className="col-fir"
                      />
                      <TableCell as="th" className="col-crime">
                        {t('field.crime_title')}
                      </TableCell>
                      <TableCell as="th" className="col-district">
                        {t('field.district')}
                      </TableCell>
                      <TableCell as="th" className="col-station">
                        {t('field.police_station')}
                      </TableCell>
                      <SortableHeader column="status" label={t('field.status')} order={order} onSort={setOrder} className="col-status" />
                      <SortableHeader column="priority" label={t('field.priority')} order={order} onSort={setOrder} className="col-priority" />
                      <TableCell as="th" className="col-filed-by">
                        {t('field.filed_by_name')}
                      </TableCell>
                      <SortableHeader column="filed_at" label={t('field.filed_at')} order={order} onSort={setOrder} className="col-filed" />
                      <TableCell as="th" className="col-actions">
                        <VisuallyHidden>{t('col.actions')}</VisuallyHidden>
                      </TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {rows.map((g) => (
                      <TableRow key={g.id}>
                        <TableCell data-label={t('col.grievance_no')} className="cell-strong cell-nowrap cell-number-link">
                          <Link to={`/grievances/${g.id}`} className="record-link">
                            {g.grievance_number}
                          </Link>
                        </TableCell>
                        <TableCell data-label={t('col.fir_no')} className="cell-nowrap cell-fir">
                          <span className="fir-no" title={g.fir_no}>
                            {g.fir_no}
                          </span>
                          <span className="cell-sub fir-date">{formatDate(g.fir_date)}</span>
                        </TableCell>
                        <TableCell data-label={t('field.crime_title')} className="cell-desk">
                          <Clipped text={dash(names.crime_titles(g.crime_title))} />
                        </TableCell>
                        <TableCell data-label={t('field.district')} className="cell-desk cell-district">
                          <Clipped text={dash(names.districts(g.district))} />
                        </TableCell>
                        <TableCell data-label={t('field.police_station')} className="cell-station">
                          <Clipped text={dash(names.police_stations(g.police_station))} />
                        </TableCell>
                        <TableCell data-label={t('field.status')} className="cell-status">
                          <Flex gap="xxs" alignItems="center" className="badge-line">
                            <CaseStatusBadge status={g.status} />
                            <OverdueBadge pendency={g.pendency} form="short" />
                            <ClosurePendingBadge closure={g.closure} />
                            <EscalatedBadge escalation={g.escalation} />
                          </Flex>
                        </TableCell>
                        <TableCell data-label={t('field.priority')} className="cell-priority">
                          <PriorityBadge priority={g.priority} />
                        </TableCell>
                        <TableCell data-label={t('field.filed_by_name')} className="cell-desk cell-filed-by">
                          <Clipped text={dash(g.filed_by_name)} />
                        </TableCell>
                        <TableCell data-label={t('field.filed_at')} className="cell-nowrap cell-filed">
                          {formatDate(g.filed_at)}
                        </TableCell>
                        <TableCell data-label={t('col.actions')} className="cell-actions">
                          {hasActions ? (
                            <GrievanceRowActions grievance={g} canRead={canRead} canUpdate={canUpdate} canDelete={canDelete} onDelete={setDeleting} />
                          ) : (
                            <Text as="span" className="muted-text">
                              {t('list.noActions')}
                            </Text>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
            ) : null}
            {error ? (
              <Alert variation="error" className="panel-notice-inset">
                {errorText(error, t('list.loadFailed'))}
              </Alert>
            ) : null}
            {search.phase === 'reading' || search.phase === 'stopped' ? (
              <Flex className={rows.length > 0 ? 'load-more' : 'load-more search-empty'} direction="column" alignItems="center" gap="xs">
                <Text className="muted-text" role="status">
                  {search.phase === 'reading'
                    ? t('list.searching', progress)
                    : t(rows.length > 0 ? 'list.searchStopped' : 'list.searchStoppedEmpty', progress)}
                </Text>
                {search.phase === 'reading' ? (
                  <Button size="small" onClick={stopSearching}>
                    {t('list.stopSearching')}
                  </Button>
                ) : (
                  <Button onClick={continueSearching} isLoading={loadingMore} loadingText={t('list.loadingMore')}>
                    {t('list.continueSearching')}
                  </Button>
                )}
              </Flex>
            ) : search.phase === 'more' ? (
              <Flex className="load-more" direction="column" alignItems="center" gap="xs">
                {counters?.more ? <Text className="muted-text">{counters.more}</Text> : null}
                <Button onClick={loadMore} isLoading={loadingMore} loadingText={t('list.loadingMore')}>
                  {t('list.loadMore')}
                </Button>
              </Flex>
            ) : null}
          </>
        )}
      </Card>

      {deleting ? (
        <ConfirmDialog
          title={t('list.deleteTitle')}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete(deleting)}
        >
          {t('list.deleteQuestion', { number: deleting.grievance_number })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
