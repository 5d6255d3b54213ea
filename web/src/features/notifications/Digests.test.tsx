// Digest notices: one notice standing for many of its kind from one escalation run
// (`count` above 1, no grievance). They say how many cases, in English and in Hindi, and
// lead to the grievance list's queue of those cases rather than to one case.
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice, NotificationPage } from '../../api/types';
import { setLanguage } from '../../i18n';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse, makeNotice, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { NotificationBell } from './NotificationBell';
import NotificationsPage from './NotificationsPage';

const ok = (data: unknown) => jsonResponse(200, { success: true, data });
const page = (items: Notice[]): NotificationPage => ({ items, unread: items.filter((item) => !item.read).length, cursor: null });

const digest = (overrides: Partial<Notice>): Notice =>
  makeNotice({ grievanceId: 0, grievanceNumber: '', actorName: 'Escalation', ...overrides } as Partial<Notice>);

const DIGESTS = [
  digest({ id: 'd1', kind: 'escalated', level: 'district', count: 37 }),
  digest({ id: 'd2', kind: 'escalated', level: 'range', count: 4, read: true }),
  digest({ id: 'd3', kind: 'escalated', level: 'state', count: 1250, read: true }),
  digest({ id: 'd4', kind: 'clock_missed', clock: null, count: 12 }),
  // Of one grievance, as before: count 1 or none.
  makeNotice({ id: 'n1', kind: 'assigned', count: 1 } as Partial<Notice>),
];

const officer = makeUser();

async function bellPanel(bellName: string | RegExp, title: string) {
  const user = userEvent.setup();
  const view = renderPage(<NotificationBell />, officer, '/dashboard');
  await user.click(await screen.findByRole('button', { name: bellName }));
  return { user, panel: await screen.findByRole('region', { name: title }), ...view };
}

describe('digest notices', () => {
  it('say how many cases in the bell, and lead to the queue of those cases', async () => {
    mockApi({
      'GET /api/notifications/unread': () => ok({ unread: 3 }),
      'GET /api/notifications': () => ok(page(DIGESTS)),
    });
    const { panel } = await bellPanel('Notifications, 3 unread', 'Notifications');
    const links = within(await within(panel).findByRole('list', { name: 'Latest notifications' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unread: 37 cases escalated to your district',
      '4 cases escalated to your range',
      '1,250 cases escalated to the state level',
      'Unread: 12 cases missed a statutory deadline',
      'Unread: Ravi Kumar assigned grievance GRV-2025-000015 to you.',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/grievances?escalated=me',
      '/grievances?escalated=me',
      '/grievances?escalated=me',
      '/grievances?clock=missed',
      '/grievances/15',
    ]);
  });

  it('are marked read when followed to the queue', async () => {
    const fetch = mockApi({
      'GET /api/notifications': () => ok(page(DIGESTS)),
      'POST /api/notifications/d4/read': () => ok({ unread: 2, marked: 1 }),
    });
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationsPage />, officer, '/notifications', '/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await user.click(within(list).getByRole('link', { name: /12 cases missed a statutory deadline$/ }));
    expect(router.state.location.pathname).toBe('/grievances');
    expect(router.state.location.search).toBe('?clock=missed');
    expect(sentBodies(fetch, 'POST', '/api/notifications/d4/read')).toHaveLength(1);
  });

  it('read in Hindi, in the bell and on the Notifications screen', async () => {
    mockApi({
      'GET /api/notifications/unread': () => ok({ unread: 3 }),
      'GET /api/notifications': () => ok(page(DIGESTS)),
    });
    await act(() => setLanguage('hi'));
    try {
      const { panel, unmount } = await bellPanel('सूचनाएँ, 3 अपठित', 'सूचनाएँ');
      const texts = within(await within(panel).findByRole('list', { name: 'नवीनतम सूचनाएँ' }))
        .getAllByRole('link')
        .map((link) => link.textContent);
      expect(texts.slice(0, 4)).toEqual([
        'अपठित: 37 मामले आपके ज़िले को प्रेषित किए गए',
        '4 मामले आपकी रेंज को प्रेषित किए गए',
        '1,250 मामले राज्य स्तर को प्रेषित किए गए',
        'अपठित: 12 मामलों में वैधानिक समय-सीमा चूक गई',
      ]);
      unmount();

      renderPage(<NotificationsPage />, officer, '/notifications');
      const list = await screen.findByRole('list', { name: 'सूचनाएँ' });
      expect(within(list).getByRole('link', { name: /37 मामले आपके ज़िले को प्रेषित किए गए$/ })).toHaveAttribute(
        'href',
        '/grievances?escalated=me',
      );
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
