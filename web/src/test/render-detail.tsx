// The grievance screen of case 12 as `user` sees it, its lists and side reads answered, and
// `extra` handlers for what a test asks of it.
import type { GrievanceView } from '../api/types';
import GrievanceDetailPage from '../features/grievances/GrievanceDetailPage';
import { mockApi } from './api-mock';
import { jsonResponse, type makeUser } from './fixtures';
import { listHandlers } from './grievance-fixtures';
import { renderPage } from './render-page';

export function renderDetail(user: ReturnType<typeof makeUser>, first: GrievanceView, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    ...listHandlers(),
    'GET /api/grievances/12': () => jsonResponse(200, { success: true, data: first }),
    'GET /api/grievances/12/history': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/attachments': () => jsonResponse(200, { success: true, data: [] }),
    'GET /api/grievances/12/notes': () => jsonResponse(200, { success: true, data: [] }),
    ...extra,
  });
  renderPage(<GrievanceDetailPage />, user, '/grievances/12', '/grievances/:id');
  return fetch;
}
