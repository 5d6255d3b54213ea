// Calls of the Admin Panel's published views: views of the grievance list given to every
// holder of a role (dropdowns read to see them, update to publish and withdraw).
import { api } from '../../../api/client';
import type { PublishedView, PublishedViewEnvelope, PublishedViewListEnvelope, PublishForm, SuccessMessage } from '../../../api/types';

/** SWR key of the views published to roles. */
export const PUBLISHED_VIEWS_KEY = '/admin/published-views';

/** The published views out of their {success, data} envelope. */
export const readPublishedViews = async (path: string): Promise<PublishedView[]> => (await api.get<PublishedViewListEnvelope>(path)).data;

export const publishedViewsApi = {
  publish: async (body: PublishForm): Promise<PublishedView> => (await api.post<PublishedViewEnvelope>(PUBLISHED_VIEWS_KEY, body)).data,
  withdraw: (id: string) => api.delete<SuccessMessage>(`${PUBLISHED_VIEWS_KEY}/${encodeURIComponent(id)}`),
};
