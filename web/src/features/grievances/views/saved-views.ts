// Saved views of the grievance list: a view is the list's query (its filters and order, as
// the address carries them) and its row spacing, under a name. Pure rules, no I/O.
import type { ViewEntry, Views } from '../../../api/types';
import type { Density } from '../../../components/data-table/density';
import { i18n } from '../../../i18n';
import { filtersFromParams, filtersToParams, type GrievanceFilters } from '../list-filters';
import { orderFromParams, withOrder, type ListOrder } from '../list-order';

/** The server's limit on a view's name. */
export const VIEW_NAME_MAX = 60;

/** The list's query as a view keeps it: the filters in force and the order, without '?'. */
export function listQuery(filters: GrievanceFilters, order: ListOrder): string {
  return withOrder(filtersToParams(filters), order).toString();
}

/** A query as the list reads it: what it does not read is dropped, the rest in a fixed order. */
export function normalQuery(query: string): string {
  const params = new URLSearchParams(query.replace(/^\?/, ''));
  return listQuery(filtersFromParams(params), orderFromParams(params));
}

/** Whether two queries show the same list. */
export const sameQuery = (a: string, b: string) => normalQuery(a) === normalQuery(b);

/** Where a view opens: the list with its query. */
export const viewPath = (view: Pick<ViewEntry, 'query'>) => {
  const query = view.query.replace(/^\?/, '');
  return query ? `/grievances?${query}` : '/grievances';
};

/** A view's row spacing (compact when the server keeps none). */
export const viewDensity = (view: Pick<ViewEntry, 'density'>): Density => view.density ?? 'compact';

/** The view the list opens with, if it is still among the user's. */
export function defaultViewOf(views: Views | undefined): ViewEntry | undefined {
  const id = views?.default_view;
  return id ? views.views.find((view) => view.id === id) : undefined;
}

/** The views the user may rename and delete: their own, not those published to their role. */
export const ownViews = (views: readonly ViewEntry[]) => views.filter((view) => !view.published);

/** What is wrong with a view's name, in the server's words; null when nothing. */
export function viewNameError(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return i18n.t('errors:VIEW_NAME_REQUIRED');
  if ([...trimmed].length > VIEW_NAME_MAX) return i18n.t('errors:VIEW_NAME_TOO_LONG', { max: VIEW_NAME_MAX });
  return null;
}

/**
 * The query in a list's address pasted whole ('https://…/grievances?status=Pending#top'), or
 * in a query typed with or without its '?'.
 */
export function queryFromAddress(text: string): string {
  const trimmed = text.trim();
  const at = trimmed.indexOf('?');
  const query = at >= 0 ? trimmed.slice(at + 1) : trimmed.includes('=') ? trimmed : '';
  return query.split('#')[0];
}
