// Profile's email preferences: a checkbox per kind of notification as the server holds it,
// and a PUT of every kind's choice.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NoticeKind } from '../../api/types';
import { setLanguage } from '../../i18n';
import { mockApi, sentBodies } from '../../test/api-mock';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import ProfilePage from '../profile/ProfilePage';
import type { NotificationPreferences } from './api/preferences';
import { emailChoices, offeredKinds, preferencesBody } from './email-preferences';

const KEY = '/api/notifications/preferences';
const officer = makeUser();

const held = (email: Partial<Record<string, boolean>>): NotificationPreferences => ({
  kinds: Object.entries(email).map(([kind, on]) => ({ kind: kind as NoticeKind, email: on === true })),
});

const ALL_ON = held({
  assigned: true,
  escalated: true,
  closure_requested: true,
  closure_approved: true,
  closure_returned: true,
  clock_missed: true,
  status_changed: false,
  appeal_opened: true,
});

const ok = (data: NotificationPreferences) => jsonResponse(200, { success: true, data });

function render(preferences: NotificationPreferences, put?: (body: unknown) => Response) {
  const fetch = mockApi({
    'GET /api/auth/me': () => jsonResponse(200, officer),
    [`GET ${KEY}`]: () => ok(preferences),
    ...(put ? { [`PUT ${KEY}`]: put } : {}),
  });
  renderPage(<ProfilePage />, officer, '/profile');
  return fetch;
}

/** The server keeps what it is sent. */
const keep = (body: unknown) => ok(held((body as { email: Record<string, boolean> }).email));

const section = () => screen.findByRole('region', { name: 'Email notifications' });

describe('email preferences', () => {
  afterEach(() => setLanguage('en'));

  it('offers a checkbox per kind, checked as the server holds it, and says where the mail goes', async () => {
    render(ALL_ON);
    const region = await section();
    expect(region).toHaveTextContent('Your notifications are always listed under the bell. Choose which of them are also sent to asha@police.test.');
    const boxes = await within(region).findAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([
      'Email me when a grievance is assigned to me',
      'Email me when a grievance is escalated to my posting',
      'Email me when a request to close a grievance awaits my approval',
      'Email me when my request to close a grievance is approved',
      'Email me when my request to close a grievance is returned',
      'Email me when a statutory deadline is missed',
      'Email me when the status of my grievance changes',
      'Email me when a complainant appeals a disposal for my level to decide',
    ]);
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true, true, true, true, false, true]);
  });

  it('sends every kind with its choice, and shows what the server kept', async () => {
    const fetch = render(ALL_ON, keep);
    const region = await section();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('checkbox', { name: 'Email me when a statutory deadline is missed' }));
    await user.click(within(region).getByRole('checkbox', { name: 'Email me when the status of my grievance changes' }));
    await user.click(within(region).getByRole('button', { name: 'Save Email Preferences' }));
    expect(await within(region).findByText('Email preferences saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([
      {
        email: {
          assigned: true,
          escalated: true,
          closure_requested: true,
          closure_approved: true,
          closure_returned: true,
          clock_missed: false,
          status_changed: true,
          appeal_opened: true,
        },
      },
    ]);
    expect(within(region).getByRole('checkbox', { name: 'Email me when a statutory deadline is missed' })).not.toBeChecked();
    expect(within(region).getByRole('checkbox', { name: 'Email me when the status of my grievance changes' })).toBeChecked();
  });

  it("shows the server's refusal and keeps the choices made", async () => {
    render(ALL_ON, () => jsonResponse(500, { error: 'The preferences could not be stored', code: 'ERROR' }));
    const region = await section();
    const user = userEvent.setup();
    await user.click(await within(region).findByRole('checkbox', { name: 'Email me when a grievance is assigned to me' }));
    await user.click(within(region).getByRole('button', { name: 'Save Email Preferences' }));
    expect(await within(region).findByText('The preferences could not be stored')).toBeInTheDocument();
    expect(within(region).getByRole('checkbox', { name: 'Email me when a grievance is assigned to me' })).not.toBeChecked();
  });

  it('says so when the preferences cannot be read', async () => {
    mockApi({ 'GET /api/auth/me': () => jsonResponse(200, officer) });
    renderPage(<ProfilePage />, officer, '/profile');
    const region = await section();
    expect(await within(region).findByText(/No handler for GET/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('is in Hindi on the Hindi screens', async () => {
    await setLanguage('hi');
    render(ALL_ON);
    const region = await screen.findByRole('region', { name: 'ईमेल सूचनाएँ' });
    expect(await within(region).findByRole('checkbox', { name: 'जब कोई शिकायत मुझे सौंपी जाए तो मुझे ईमेल भेजें' })).toBeChecked();
    expect(within(region).getByRole('button', { name: 'ईमेल वरीयताएँ सहेजें' })).toBeInTheDocument();
  });
});

describe('the email preferences sent', () => {
  it('keeps the choice of a kind this build does not offer, and fills a kind the form left alone from what the server held', () => {
    const withNewer = { kinds: [...ALL_ON.kinds, { kind: 'transferred' as NoticeKind, email: false }] };
    expect(offeredKinds(withNewer)).not.toContain('transferred');
    expect(offeredKinds(withNewer)).toHaveLength(8);
    const choices = { ...emailChoices(withNewer), assigned: false };
    delete choices.escalated;
    expect(preferencesBody(withNewer, choices).email).toEqual({
      assigned: false,
      escalated: true,
      closure_requested: true,
      closure_approved: true,
      closure_returned: true,
      clock_missed: true,
      status_changed: false,
      appeal_opened: true,
      transferred: false,
    });
  });
});
