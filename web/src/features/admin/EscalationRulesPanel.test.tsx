import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../i18n';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });
const KEY = '/api/admin/escalation-rules';
const DISTRICT = 'Days overdue before escalating to the district';
const RANGE = 'Days overdue before escalating to the range';
const STATE = 'Days overdue before escalating to the state';
const OUT_OF_ORDER = 'Each level waits at least as long as the level below it';

function render(user = keeper, put?: (body: unknown) => Response) {
  const fetch = mockApi({
    [`GET ${KEY}`]: () => jsonResponse(200, { district_days: 0, range_days: 7, state_days: 14 }),
    ...(put ? { [`PUT ${KEY}`]: put } : {}),
  });
  renderPage(<AdminPage />, user, '/admin?list=escalation');
  return fetch;
}

/** The section, whatever the language on screen. */
const section = () => document.getElementById('escalation-rules-heading')!.closest('section')!;
const save = () => within(section()).getByRole('button', { name: 'Save Waits' });

async function setField(user: ReturnType<typeof userEvent.setup>, label: string, value: string) {
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('escalation waits', () => {
  it('loads the waits in a tab of their own and saves the three of them', async () => {
    const fetch = render(keeper, (body) => jsonResponse(200, body));
    expect(screen.getByRole('region', { name: 'Escalation Waits' })).toBe(section());
    expect(await screen.findByLabelText(DISTRICT)).toHaveValue(0);
    expect(screen.getByLabelText(RANGE)).toHaveValue(7);
    expect(screen.getByLabelText(STATE)).toHaveValue(14);
    const user = userEvent.setup();
    await setField(user, DISTRICT, '2');
    await setField(user, RANGE, '10');
    await setField(user, STATE, '30');
    await user.click(save());
    expect(await screen.findByText('Escalation waits saved')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([{ district_days: 2, range_days: 10, state_days: 30 }]);
    expect(screen.getByLabelText(STATE)).toHaveValue(30);
  });

  it('refuses anything but whole days from 0 to 365 before sending, on the field', async () => {
    const fetch = render(keeper, (body) => jsonResponse(200, body));
    const user = userEvent.setup();
    await setField(user, RANGE, '366');
    await setField(user, STATE, '');
    await user.click(save());
    expect(screen.getAllByText('Enter a whole number of days from 0 to 365')).toHaveLength(2);
    expect(screen.getByLabelText(RANGE)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(STATE)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(DISTRICT)).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(RANGE)).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([]);
  });

  it("shows the server's field error under the field it names, in the language on screen", async () => {
    const refusal = () =>
      jsonResponse(400, {
        error: 'Validation failed',
        code: 'VALIDATION_FAILED',
        fields: { state_days: OUT_OF_ORDER },
        field_codes: { state_days: { code: 'ESCALATION_WAITS_ORDER' } },
      });
    const fetch = render(keeper, refusal);
    const user = userEvent.setup();
    await setField(user, STATE, '3');
    await user.click(save());
    expect(await screen.findByText(OUT_OF_ORDER)).toBeInTheDocument();
    expect(screen.getByLabelText(STATE)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(STATE)).toHaveFocus();
    expect(screen.queryByText('Validation failed')).not.toBeInTheDocument();
    expect(screen.queryByText('Escalation waits saved')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', KEY)).toEqual([{ district_days: 0, range_days: 7, state_days: 3 }]);

    await act(() => setLanguage('hi'));
    try {
      await user.click(within(section()).getByRole('button', { name: 'प्रतीक्षा अवधि सहेजें' }));
      expect(await screen.findByText('हर स्तर अपने नीचे वाले स्तर जितनी या उससे अधिक प्रतीक्षा करता है')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('says so when the save fails without a field', async () => {
    render(keeper, () => new Response('', { status: 500 }));
    const user = userEvent.setup();
    await screen.findByLabelText(DISTRICT);
    await user.click(save());
    expect(await within(section()).findByText('Failed to save the escalation waits')).toBeInTheDocument();
  });

  it('shows the waits read-only to users who may not change the lists', async () => {
    render(reader);
    const label = await screen.findByText(RANGE, { selector: 'dt' });
    expect(label.nextElementSibling).toHaveTextContent('7 days');
    expect(screen.getByText(DISTRICT, { selector: 'dt' }).nextElementSibling).toHaveTextContent('0 days');
    expect(screen.queryByRole('spinbutton', { name: RANGE })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Waits' })).not.toBeInTheDocument();
  });
});
