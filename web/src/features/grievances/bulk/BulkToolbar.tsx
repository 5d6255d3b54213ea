// Over the list's rows while some are selected: how many, the offer to select every match
// (up to BULK_MAX) once the rows shown all are, and what can be done to them: assign, change
// the status or priority, transfer (for those who may update grievances), export them (for
// anyone who may export the list) and clear the selection.
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Button, Flex, Menu, MenuButton, MenuItem, Text } from '@aws-amplify/ui-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors';
import type { BulkResult } from '../../../api/types';
import { Icon } from '../../../components/icons';
import { formatCount } from '../../../lib/format';
import { usePermission } from '../../auth/use-permission';
import { EXPORTS, exportLabel, LIST_EXPORTS, useListExports } from '../ExportButtons';
import type { GrievanceFilters } from '../list-filters';
import { withOrder, type ListOrder } from '../list-order';
import type { ListSearch } from '../list/use-list-search';
import { bulkApi } from './api/bulk';
import { BULK_ACTIONS, BULK_MAX, type BulkAction } from './bulk';
import type { Selection } from './use-selection';

// The dialog is fetched when an action is chosen, not with the list: a first visit to the
// list carries only what it shows.
const BulkDialog = lazy(() => import('./BulkDialog').then((module) => ({ default: module.BulkDialog })));

interface BulkToolbarProps {
  selection: Selection;
  search: ListSearch;
  filters: GrievanceFilters;
  order: ListOrder;
  /** Where the exports and the selection's reading tell how they went. */
  onNotice: (text: string) => void;
  onFailure: (text: string | null) => void;
  /** After a change: the list is read again. */
  onApplied: () => void;
  /** The id of the list's heading: the focus goes there when a change leaves nothing selected. */
  headingId: string;
}

export function BulkToolbar({ selection, search, filters, order, onNotice, onFailure, onApplied, headingId }: BulkToolbarProps) {
  const { t } = useTranslation('grievances');
  const canUpdate = usePermission('grievances', 'update');
  const [action, setAction] = useState<BulkAction | null>(null);
  // The ids the open dialog acts on: the selection as it was when the dialog opened.
  const [acting, setActing] = useState<readonly number[]>([]);
  const [collecting, setCollecting] = useState(false);
  const exports = useListExports({ onReady: onNotice, onFailure, onStart: () => onFailure(null) });

  // A dialog gives the focus back to the button that opened it; when the change left nothing
  // selected that button has gone with the toolbar, and the focus goes to the list's heading.
  const closed = useRef(false);
  useEffect(() => {
    if (action || !closed.current) return;
    closed.current = false;
    if (document.activeElement === document.body || !document.activeElement) document.getElementById(headingId)?.focus();
  }, [action, headingId]);

  const { rows, pages, first } = search;
  const count = selection.count;
  if (count === 0 && !action) return null;

  // Every row shown is picked and more match: offer them all (up to BULK_MAX).
  const more = Boolean(pages[pages.length - 1]?.next_cursor);
  const matched = typeof first?.matched === 'number' ? first.matched : null;
  const offer =
    rows.length > 0 && more && !selection.full && rows.every((row) => selection.has(row.id))
      ? matched === null
        ? t('bulk.selectUpTo', { n: formatCount(BULK_MAX) })
        : matched > BULK_MAX
          ? t('bulk.selectFirst', { n: formatCount(BULK_MAX), total: formatCount(matched) })
          : t('bulk.selectAll', { count: matched, n: formatCount(matched) })
      : null;

  async function selectMatches() {
    setCollecting(true);
    onFailure(null);
    try {
      const { picked, complete } = await bulkApi.matching(filters, order, pages, BULK_MAX);
      selection.pickMatches(picked, complete);
    } catch (error) {
      onFailure(errorText(error, t('bulk.selectFailed')));
    } finally {
      setCollecting(false);
    }
  }

  function open(next: BulkAction) {
    setActing(selection.ids);
    setAction(next);
  }

  function applied(result: BulkResult) {
    // The refused ones the user can see stay picked, to be tried again another way.
    selection.keep(result.refused.filter((item) => item.grievance_number).map((item) => item.id));
    onApplied();
  }

  // The selection's own export: its ids, in the list's order.
  const exportQuery = withOrder(new URLSearchParams({ ids: selection.ids.join(',') }), order).toString();
  const exporting = LIST_EXPORTS.some((kind) => exports.busy.has(kind));

  return (
    <>
      {count > 0 ? (
        <div role="toolbar" aria-label={t('bulk.toolbar')} className="bulk-toolbar">
          <Flex alignItems="center" gap="small" wrap="wrap">
            <Text as="span" className="bulk-count" role="status">
              {t('bulk.selected', { count, n: formatCount(count) })}
              {selection.matches === 'all' ? ` · ${t('bulk.allMatches')}` : null}
              {selection.matches === 'first' ? ` · ${t('bulk.firstMatches', { n: formatCount(BULK_MAX) })}` : null}
            </Text>
            {offer ? (
              <Button size="small" variation="link" isLoading={collecting} loadingText={t('bulk.selecting')} onClick={() => void selectMatches()}>
                {offer}
              </Button>
            ) : null}
            {selection.overflow ? <Text as="span" className="bulk-note">{t('bulk.limit', { n: formatCount(BULK_MAX) })}</Text> : null}
          </Flex>
          <Flex alignItems="center" gap="xs" wrap="wrap">
            {canUpdate
              ? BULK_ACTIONS.map((kind) => (
                  <Button key={kind} size="small" onClick={() => open(kind)}>
                    {t(`bulk.open.${kind}`)}
                  </Button>
                ))
              : null}
            <Menu
              ariaLabel={t('bulk.export')}
              menuAlign="end"
              size="small"
              trigger={
                <MenuButton size="small" gap="xxs" isLoading={exporting} loadingText={t('export.exporting')}>
                  {t('bulk.export')}
                  <Icon name="chevronDown" size={18} />
                </MenuButton>
              }
            >
              {EXPORTS.filter((spec) => LIST_EXPORTS.includes(spec.kind)).map((spec) => (
                <MenuItem key={spec.kind} onClick={() => void exports.run(spec, exportQuery)}>
                  {exportLabel(spec.kind)}
                </MenuItem>
              ))}
            </Menu>
            <Button size="small" variation="link" onClick={selection.clear}>
              {t('bulk.clear')}
            </Button>
          </Flex>
        </div>
      ) : null}
      {action ? (
        <Suspense fallback={null}>
        <BulkDialog
          action={action}
          ids={acting}
          onClose={() => {
            closed.current = true;
            setAction(null);
          }}
          onApplied={applied}
        />
        </Suspense>
      ) : null}
    </>
  );
}
