import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import { i18n } from '../../../i18n';
import AdminPage from '../AdminPage';
import { FAILED_URL, failedEmail, failedSms, RESEND_URL, SETTINGS_URL, settingsView } from './test-data';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });

function render(user = keeper, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    [`GET ${SETTINGS_URL}`]: () => jsonResponse(200, settingsView()),
    [`GET ${FAILED_URL}`]: () => jsonResponse(200, [failedSms, failedEmail]),
    ...extra,
  });
  const view = renderPage(<AdminPage />, user, '/admin?list=citizen_messages');
  return { fetch, ...view };
}

const table = () => screen.findByRole('table', { name: 'Messages not sent' });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the messages not sent', () => {
  it('lists each with its channel, whom it was for, what it was about, its grievance, its tries and its last error', async () => {
    const { router } = render(reader);
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['SMS', '******678', 'Progress update', 'Grievance 117', '8', 'gateway answered 503'],
      ['Email', 'ravi@police.test', 'Grievance GRV-2026-000117 assigned to you', '-', '8', '-'],
    ]);
    await userEvent.setup().click(within(rows[0]).getByRole('link', { name: 'Grievance 117' }));
    expect(router.state.location.pathname).toBe('/grievances/117');
  });

  it('offers no Send again to users who may only see the Admin Panel', async () => {
    render(reader);
    await table();
    expect(screen.queryByRole('button', { name: /^Send again/ })).not.toBeInTheDocument();
  });

  it("sends a message again, shows the server's message, and reads the list again without it", async () => {
    let reads = 0;
    const { fetch } = render(keeper, {
      [`GET ${FAILED_URL}`]: () => {
        reads += 1;
        return jsonResponse(200, reads === 1 ? [failedSms, failedEmail] : [failedEmail]);
      },
      [`POST ${RESEND_URL}`]: () => jsonResponse(200, { success: true, message: 'The message is queued to be sent again.' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send again: Progress update to ******678' }));
    expect(await screen.findByText('The message is queued to be sent again.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', RESEND_URL)).toEqual([{ key: 'sms-41' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Messages not sent' })).toHaveFocus();
    expect(within(await table()).queryByText('******678')).not.toBeInTheDocument();
    expect(within(await table()).getByText('ravi@police.test')).toBeInTheDocument();
  });

  it('says a message is no longer there by the code the server sends, in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    render(keeper, { [`POST ${RESEND_URL}`]: () => jsonResponse(404, { error: 'Message not found', code: 'OUTBOX_MESSAGE_NOT_FOUND' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'फिर भेजें: Grievance GRV-2026-000117 assigned to you, ravi@police.test को' }));
    expect(await screen.findByText('संदेश नहीं मिला')).toBeInTheDocument();
  });

  it("says 'Message not found' in English when the message is gone", async () => {
    render(keeper, { [`POST ${RESEND_URL}`]: () => jsonResponse(404, { error: 'Message not found', code: 'OUTBOX_MESSAGE_NOT_FOUND' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send again: Grievance GRV-2026-000117 assigned to you to ravi@police.test' }));
    expect(await screen.findByText('Message not found')).toBeInTheDocument();
  });

  it('shows the Hindi sentence for a message sent again when the screen is in Hindi', async () => {
    await act(() => i18n.changeLanguage('hi'));
    render(keeper, { [`POST ${RESEND_URL}`]: () => jsonResponse(200, { success: true, message: 'The message is queued to be sent again.' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'फिर भेजें: प्रगति की सूचना, ******678 को' }));
    expect(await screen.findByText('संदेश फिर से भेजे जाने के लिए कतार में है।')).toBeInTheDocument();
  });

  it('says every message has been sent when none failed', async () => {
    render(keeper, { [`GET ${FAILED_URL}`]: () => jsonResponse(200, []) });
    expect(await within(await table()).findByText('None: every message has been sent.')).toBeInTheDocument();
  });
});
