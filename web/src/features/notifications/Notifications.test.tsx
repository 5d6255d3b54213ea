import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastActivityAt } from '../../api/activity';
import { saveSession } from '../../api/token-store';
import type { Notice, NotificationPage } from '../../api/types';
import { setLanguage } from '../../i18n';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse, makeNotice, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { NotificationBell } from './NotificationBell';
import NotificationsPage from './NotificationsPage';

/** The API answers {success, data}. */
const ok = (data: unknown) => jsonResponse(200, { success: true, data });

const UNREAD = '/api/notifications/unread';
const LATEST = '/api/notifications';

/** One of each kind, newest first: the first three unread. */
const assigned = makeNotice({ id: 'n5' });
const escalated = makeNotice({
  id: 'n4',
  kind: 'escalated',
  grievanceId: 16,
  grievanceNumber: 'GRV-2025-000016',
  actorName: 'Escalation',
  level: 'district',
  daysOverdue: 9,
});
const requested = makeNotice({ id: 'n3', kind: 'closure_requested', grievanceId: 17, grievanceNumber: 'GRV-2025-000017', actorName: 'Dinesh Desk' });
const approved = makeNotice({ id: 'n2', kind: 'closure_approved', grievanceId: 18, grievanceNumber: 'GRV-2025-000018', actorName: 'Anita Approver', read: true });
const returned = makeNotice({
  id: 'n1',
  kind: 'closure_returned',
  grievanceId: 19,
  grievanceNumber: 'GRV-2025-000019',
  actorName: 'Anita Approver',
  reason: 'The bank statement is still missing',
  read: true,
});
const ALL = [assigned, escalated, requested, approved, returned];

const page = (items: Notice[], extra: Partial<NotificationPage> = {}): NotificationPage => ({
  items,
  unread: items.filter((item) => !item.read).length,
  cursor: null,
  ...extra,
});

const officer = makeUser();

function renderBell(path = '/dashboard') {
  return renderPage(<NotificationBell />, officer, path);
}

const bell = (name: string | RegExp) => screen.findByRole('button', { name });

async function openPanel(user: ReturnType<typeof userEvent.setup>, name: string | RegExp = /^Notifications/, title = 'Notifications') {
  await user.click(await bell(name));
  return screen.findByRole('region', { name: title });
}

/** The bell of a user with no notification yet, its panel opened. */
async function openEmptyPanel(user: ReturnType<typeof userEvent.setup>) {
  mockApi({
    [`GET ${UNREAD}`]: () => ok({ unread: 0 }),
    [`GET ${LATEST}`]: () => ok(page([])),
  });
  renderBell();
  return openPanel(user, 'Notifications');
}

describe('the notification bell', () => {
  it('says how many are unread in its name and on its badge', async () => {
    mockApi({ [`GET ${UNREAD}`]: () => ok({ unread: 3 }) });
    renderBell();
    const button = await bell('Notifications, 3 unread');
    expect(button).toHaveTextContent(/^3$/);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows 99+ above 99, the whole count in its name', async () => {
    mockApi({ [`GET ${UNREAD}`]: () => ok({ unread: 1234 }) });
    renderBell();
    expect(await bell('Notifications, 1,234 unread')).toHaveTextContent(/^99\+$/);
  });

  it('is just "Notifications", without a badge, when none is unread', async () => {
    const fetch = mockApi({ [`GET ${UNREAD}`]: () => ok({ unread: 0 }) });
    renderBell();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    const button = await bell('Notifications');
    expect(button).toHaveTextContent('');
  });

  it('asks again every 30 s and when the window regains focus, without counting as the session being used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      saveSession('tok', officer);
      let count = 1;
      const fetch = mockApi({ [`GET ${UNREAD}`]: () => ok({ unread: count }) });
      renderBell();
      await bell('Notifications, 1 unread');
      count = 2;
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      await bell('Notifications, 2 unread');
      count = 4;
      await act(() => vi.advanceTimersByTimeAsync(6_000));
      fireEvent.focus(window);
      await bell('Notifications, 4 unread');
      expect(fetch.mock.calls.filter(([url]) => url === UNREAD).length).toBe(3);
      // A poll is not the user at work: an idle tab still reaches its timeout.
      expect(lastActivityAt()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a panel listing the latest notifications in words, each a link to its grievance', async () => {
    mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 3 }),
      [`GET ${LATEST}`]: () => ok(page(ALL)),
    });
    const user = userEvent.setup();
    renderBell();
    const panel = await openPanel(user, 'Notifications, 3 unread');
    expect(await bell('Notifications, 3 unread')).toHaveAttribute('aria-expanded', 'true');
    const list = await within(panel).findByRole('list', { name: 'Latest notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unread: Ravi Kumar assigned grievance GRV-2025-000015 to you.',
      'Unread: Grievance GRV-2025-000016 is 9 days overdue and was escalated to your district.',
      'Unread: Dinesh Desk asks to close grievance GRV-2025-000017; it awaits approval.',
      'Anita Approver approved closing grievance GRV-2025-000018.',
      'Anita Approver returned your closure of grievance GRV-2025-000019: The bank statement is still missing',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/grievances/15',
      '/grievances/16',
      '/grievances/17',
      '/grievances/18',
      '/grievances/19',
    ]);
    // Unread ones are marked to the eye too.
    expect(within(list).getAllByRole('listitem').map((item) => item.classList.contains('unread'))).toEqual([true, true, true, false, false]);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('10 Feb 2025');
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('words an escalation by its level, one day in the singular, and a range and the state', async () => {
    mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 2 }),
      [`GET ${LATEST}`]: () =>
        ok(
          page([
            { ...escalated, id: 'a', level: 'range', daysOverdue: 1 },
            { ...escalated, id: 'b', level: 'state', daysOverdue: 20 },
          ]),
        ),
    });
    const user = userEvent.setup();
    renderBell();
    const panel = await openPanel(user);
    expect(await within(panel).findByRole('link', { name: /is 1 day overdue/ })).toHaveTextContent(
      'Grievance GRV-2025-000016 is 1 day overdue and was escalated to your range.',
    );
    expect(within(panel).getByRole('link', { name: /20 days/ })).toHaveTextContent(
      'Grievance GRV-2025-000016 is 20 days overdue and was escalated to your state.',
    );
  });

  it('marks a notification read when it is followed to the grievance, and the count drops', async () => {
    // The server keeps what was marked.
    let marked = false;
    const fetch = mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: marked ? 2 : 3 }),
      [`GET ${LATEST}`]: () => ok(page(ALL.map((item) => (marked && item.id === 'n5' ? { ...item, read: true } : item)))),
      'POST /api/notifications/n5/read': () => {
        marked = true;
        return ok({ unread: 2, marked: 1 });
      },
    });
    const user = userEvent.setup();
    const { router } = renderBell();
    const panel = await openPanel(user, 'Notifications, 3 unread');
    await user.click(await within(panel).findByRole('link', { name: /Ravi Kumar assigned grievance GRV-2025-000015/ }));
    expect(router.state.location.pathname).toBe('/grievances/15');
    // Following it closes the panel.
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    const button = await bell('Notifications, 2 unread');
    expect(button).toHaveTextContent(/^2$/);
    expect(sentBodies(fetch, 'POST', '/api/notifications/n5/read')).toHaveLength(1);

    // Listed as read when the panel opens again.
    await user.click(button);
    const again = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(again).findByRole('link', { name: /^Ravi Kumar assigned/ })).toBeInTheDocument();
  });

  it('asks nothing when a notification already read is followed', async () => {
    const fetch = mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 0 }),
      [`GET ${LATEST}`]: () => ok(page([approved])),
    });
    const user = userEvent.setup();
    const { router } = renderBell();
    const panel = await openPanel(user, 'Notifications');
    await user.click(await within(panel).findByRole('link', { name: /approved closing/ }));
    expect(router.state.location.pathname).toBe('/grievances/18');
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("marks all as read with 'Mark all as read': the badge goes, the list shows them read", async () => {
    const fetch = mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 3 }),
      [`GET ${LATEST}`]: () => ok(page(ALL)),
      'POST /api/notifications/read-all': () => ok({ unread: 0, marked: 3 }),
    });
    const user = userEvent.setup();
    renderBell();
    const panel = await openPanel(user, 'Notifications, 3 unread');
    await within(panel).findByRole('list', { name: 'Latest notifications' });
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    const button = await bell('Notifications');
    expect(button).toHaveTextContent('');
    expect(sentBodies(fetch, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    const links = within(panel).getAllByRole('link', { name: /grievance/ });
    expect(links.filter((link) => link.textContent?.startsWith('Unread'))).toEqual([]);
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    // The focus stays in the panel, on its heading.
    expect(within(panel).getByRole('heading', { level: 2, name: 'Notifications' })).toHaveFocus();
  });

  it('says so when there are no notifications yet', async () => {
    const user = userEvent.setup();
    const panel = await openEmptyPanel(user);
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('closes on Escape, the focus back on the bell, and on a click outside', async () => {
    const user = userEvent.setup();
    const panel = await openEmptyPanel(user);
    await user.tab();
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(await bell('Notifications')).toHaveFocus();

    await openPanel(user, 'Notifications');
    await user.click(document.body);
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('reads in Hindi', async () => {
    mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 2 }),
      [`GET ${LATEST}`]: () => ok(page([assigned, escalated])),
    });
    await act(() => setLanguage('hi'));
    try {
      const user = userEvent.setup();
      renderBell();
      const panel = await openPanel(user, 'सूचनाएँ, 2 अपठित', 'सूचनाएँ');
      const list = await within(panel).findByRole('list', { name: 'नवीनतम सूचनाएँ' });
      expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'अपठित: Ravi Kumar ने शिकायत GRV-2025-000015 आपको सौंपी।',
        'अपठित: शिकायत GRV-2025-000016 समय-सीमा से 9 दिन अधिक लंबित है और आपके ज़िले को प्रेषित की गई।',
      ]);
      expect(within(panel).getByRole('button', { name: 'सभी को पढ़ा हुआ चिह्नित करें' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});

describe('the Notifications screen', () => {
  const older = Array.from({ length: 2 }, (_, index) =>
    makeNotice({ id: `old${index}`, grievanceId: 30 + index, grievanceNumber: `GRV-2024-00003${index}`, actorName: 'Meena Rao', read: true }),
  );

  it("lists every notification 20 at a time, 'Load more' by the cursor", async () => {
    const fetch = mockApi({
      [`GET ${UNREAD}`]: () => ok({ unread: 3 }),
      [`GET ${LATEST}`]: () => ok(page(ALL, { cursor: 'after n1' })),
      'GET /api/notifications?cursor=after%20n1': () => ok(page(older, { unread: 3 })),
    });
    const user = userEvent.setup();
    renderPage(<NotificationsPage />, officer, '/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(7));
    expect(within(list).getAllByRole('link')[6]).toHaveTextContent('Meena Rao assigned grievance GRV-2024-000031 to you.');
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/notifications?cursor=after%20n1');
  });

  it("marks all as read, and one when it is followed", async () => {
    const fetch = mockApi({
      [`GET ${LATEST}`]: () => ok(page(ALL)),
      'POST /api/notifications/n4/read': () => ok({ unread: 2, marked: 1 }),
      'POST /api/notifications/read-all': () => ok({ unread: 0, marked: 2 }),
    });
    const user = userEvent.setup();
    const { router } = renderPage(<NotificationsPage />, officer, '/notifications', '/notifications');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('link', { name: /^Unread/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('status')).toHaveTextContent('All notifications are marked as read.');
    expect(within(list).queryAllByRole('link', { name: /^Unread/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toHaveFocus();
    expect(sentBodies(fetch, 'POST', '/api/notifications/read-all')).toHaveLength(1);
    // Read already: following one asks nothing more.
    await user.click(within(list).getByRole('link', { name: /escalated/ }));
    expect(router.state.location.pathname).toBe('/grievances/16');
    expect(sentBodies(fetch, 'POST', '/api/notifications/n4/read')).toHaveLength(0);
  });

  it('says so when there are none', async () => {
    mockApi({ [`GET ${LATEST}`]: () => ok(page([])) });
    renderPage(<NotificationsPage />, officer, '/notifications');
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it('says so when they cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      [`GET ${LATEST}`]: () => (fail ? jsonResponse(500, { error: 'Database unavailable' }) : ok(page([assigned]))),
    });
    const user = userEvent.setup();
    renderPage(<NotificationsPage />, officer, '/notifications');
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: /Ravi Kumar assigned/ })).toHaveAttribute('href', '/grievances/15');
  });
});
