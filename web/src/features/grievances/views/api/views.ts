// Calls of the grievance list's saved views. Each change answers the user's views as they
// now stand, with their default, which becomes the cache's copy at once.
import { api } from '../../../../api/client';
import type { DefaultViewForm, SuccessMessage, ViewForm, Views, ViewsEnvelope } from '../../../../api/types';

/** SWR key of the user's views, those published to their role, and their default. */
export const VIEWS_KEY = '/views';

const viewPath = (id: string) => `${VIEWS_KEY}/${encodeURIComponent(id)}`;

/** The views out of their {success, data} envelope. */
export const readViews = async (path: string): Promise<Views> => (await api.get<ViewsEnvelope>(path)).data;

export const viewsApi = {
  create: async (body: ViewForm): Promise<Views> => (await api.post<ViewsEnvelope>(VIEWS_KEY, body)).data,
  update: async (id: string, body: ViewForm): Promise<Views> => (await api.put<ViewsEnvelope>(viewPath(id), body)).data,
  remove: (id: string) => api.delete<SuccessMessage>(viewPath(id)),
  /** The view the list opens with; null: none. */
  setDefault: async (viewId: string | null): Promise<Views> => {
    const body: DefaultViewForm = { view_id: viewId };
    return (await api.put<ViewsEnvelope>(`${VIEWS_KEY}/default`, body)).data;
  },
};
