// The Trash: grievances deleted and kept until their purge date, newest deletion first,
// 50 at a time ('Load more' asks for the page after the last one's cursor). Each can be
// put back after a confirmation naming it; the restored case then opens with a notice.
// Only holders of the grievances delete permission get here (the route and the
// navigation check it; the server refuses anyone else).
import { useState } from 'react';
import { Button, Card, Flex } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGrievanceItemNames } from '../../../api/item-names';
import { errorText } from '../../../api/errors';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTable } from '../../../components/data-table/DataTable';
import { actionsColumn } from '../../../components/data-table/RowActions';
import { ListFrame } from '../../../components/ListFrame';
import { LoadFailure } from '../../../components/LoadFailure';
import { PageHeader } from '../../../components/PageHeader';
import { useGrievanceCache } from '../api/use-grievance-cache';
import { noticeState } from '../arrival-notice';
import { trashApi, type TrashedGrievance, type TrashPage as Page } from './api/trash';
import { useTrashPages } from './api/use-trash-pages';
import { trashColumns } from './trash-columns';

const HEADING_ID = 'trash-heading';
/** A restore that worked leaves the screen for the case, which tells it: nothing to say here. */
const NO_NOTICE = { message: null, clear: () => undefined };

/** The pages' rows once each: a grievance deleted between two pages moves the rest down by one. */
export function uniqueRows(pages: readonly Page[]): TrashedGrievance[] {
  const seen = new Set<number>();
  const rows: TrashedGrievance[] = [];
  for (const page of pages) {
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

export default function TrashPage() {
  const { t } = useTranslation('casework');
  const names = useGrievanceItemNames();
  const navigate = useNavigate();
  const cache = useGrievanceCache();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useTrashPages();
  const [failure, setFailure] = useState<string | null>(null);
  const [asked, setAsked] = useState<TrashedGrievance | null>(null);
  const [restoring, setRestoring] = useState(false);

  const pages = (data ?? []).filter((page): page is Page => Boolean(page && Array.isArray(page.data)));
  const rows = uniqueRows(pages);
  const last = pages[pages.length - 1];
  const hasMore = Boolean(last?.next_cursor);
  const loadingMore = isValidating && size > pages.length;

  async function restore() {
    if (!asked) return;
    const grievance = asked;
    setRestoring(true);
    setFailure(null);
    try {
      const restored = await trashApi.restore(grievance.id);
      // The case opens as the server answered it, without asking for it again.
      void cache.put(grievance.id, restored);
      void mutate();
      void navigate(`/grievances/${grievance.id}`, { state: noticeState(t('trash.restored', { number: grievance.grievance_number })) });
    } catch (problem) {
      setFailure(errorText(problem, t('trash.restoreFailed')));
      setAsked(null);
      // Restored or purged meanwhile (404), or in conflict with a live case (409): the list is read again.
      void mutate();
    } finally {
      setRestoring(false);
    }
  }

  const columns = [
    ...trashColumns(t, names),
    actionsColumn<TrashedGrievance>(t('trash.col.actions'), (row) => (
      <Button size="small" ariaLabel={t('trash.restoreNamed', { number: row.grievance_number })} onClick={() => setAsked(row)}>
        {t('trash.restore')}
      </Button>
    )),
  ];

  return (
    <>
      <PageHeader title={t('trash.title')} description={t('trash.description')} />
      <Flex direction="column" gap="small">
        <Card variation="outlined" className="panel table-panel">
          <ListFrame
            heading={t('trash.heading')}
            headingId={HEADING_ID}
            count={pages.length > 0 && rows.length > 0 ? t('trash.shown', { count: rows.length }) : null}
            notice={NO_NOTICE}
            failure={failure}
            onDismissFailure={() => setFailure(null)}
            load={{
              isLoading: isLoading && pages.length === 0,
              failed: Boolean(error) && pages.length === 0,
              loadingLabel: t('trash.loading'),
              failedText: errorText(error, t('trash.loadFailed')),
              onRetry: () => void mutate(),
            }}
          >
            {(headingId) => (
              <DataTable
                columns={columns}
                rows={rows}
                rowKey={(row) => row.id}
                labelledBy={headingId}
                size="small"
                highlightOnHover
                cards
                empty={t('trash.empty')}
              />
            )}
          </ListFrame>
        </Card>
        {error && pages.length > 0 ? (
          <LoadFailure message={errorText(error, t('trash.loadFailed'))} onRetry={() => void mutate()} />
        ) : hasMore ? (
          <Flex justifyContent="center">
            <Button onClick={() => void setSize(pages.length + 1)} isLoading={loadingMore} loadingText={t('trash.loadingMore')}>
              {t('trash.loadMore')}
            </Button>
          </Flex>
        ) : null}
      </Flex>
      {asked ? (
        <ConfirmDialog
          title={t('trash.restoreTitle')}
          confirmLabel={t('trash.restore')}
          busyLabel={t('trash.restoring')}
          variation="primary"
          busy={restoring}
          onCancel={() => setAsked(null)}
          onConfirm={() => void restore()}
        >
          {t('trash.restoreQuestion', {
            number: asked.grievance_number,
            fir: asked.fir_no,
            station: names.police_stations(asked.police_station) || asked.police_station,
          })}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
