import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import { lookupKey, lookupText } from './api/lookup';
import { exactMatch, optionsOf } from './lookup';
import { NumberLookup } from './NumberLookup';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });
const older = makeGrievance({ id: 12, grievance_number: 'GRV-2025-000012', fir_no: 'SB-12/2025', police_station: 'Sadar Bazar' });
const newer = makeGrievance({ id: 13, grievance_number: 'GRV-2025-000013', fir_no: 'SB-1/2025', police_station: 'Sadar Bazar' });
const lookup = (number: string) => `/api/grievances/lookup?number=${encodeURIComponent(number)}&match=prefix&limit=8`;
const answer = (...data: ReturnType<typeof makeGrievance>[]) => jsonResponse(200, { success: true, data, next_cursor: null, bounded: false, examined: data.length });

describe('lookup by number', () => {
  it('asks once there are two number characters, in capitals', () => {
    expect(lookupKey(lookupText(' g'))).toBeNull();
    expect(lookupKey(lookupText('grv-2025 '))).toBe('/grievances/lookup?number=GRV-2025&match=prefix&limit=8');
    expect(lookupKey(lookupText('sb 12'))).toBeNull();
  });

  it('opens on Enter only the one grievance whose number is exactly what was typed', () => {
    const options = optionsOf([newer, older]);
    expect(exactMatch(options, 'SB-1/2025')?.id).toBe('13');
    expect(exactMatch(options, 'GRV-2025-000012')?.id).toBe('12');
    expect(exactMatch(options, 'GRV-2025')).toBeNull();
  });

  it('offers the numbers the server finds and opens the one picked', async () => {
    mockApi({ [`GET ${lookup('SB-1')}`]: () => answer(older, newer) });
    const user = userEvent.setup();
    const { router } = renderPage(<NumberLookup />, reader, '/grievances', '/grievances', [{ path: '/grievances/:id', element: <p>Grievance screen</p> }]);
    await user.type(screen.getByRole('combobox', { name: 'Go to number' }), 'sb-1');
    expect(await screen.findByRole('option', { name: /GRV-2025-000012/ })).toHaveTextContent('FIR SB-12/2025 · Sadar Bazar');
    await user.click(screen.getByRole('option', { name: /GRV-2025-000013/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/grievances/13'));
  });

  it("follows the server's bounded answers until the user's grievances come up", async () => {
    const first = lookup('GRV-2025');
    mockApi({
      [`GET ${first}`]: () => jsonResponse(200, { success: true, data: [], next_cursor: 'c1', bounded: true, examined: 500 }),
      [`GET ${first}&cursor=c1`]: () => answer(older),
    });
    const user = userEvent.setup();
    renderPage(<NumberLookup />, reader, '/grievances');
    await user.type(screen.getByRole('combobox', { name: 'Go to number' }), 'GRV-2025');
    expect(await screen.findByRole('option', { name: /GRV-2025-000012/ })).toBeInTheDocument();
  });

  it('says when no grievance the user can see has the number', async () => {
    mockApi({ [`GET ${lookup('GRV-2024-000001')}`]: () => answer() });
    const user = userEvent.setup();
    renderPage(<NumberLookup />, reader, '/grievances');
    const box = screen.getByRole('combobox', { name: 'Go to number' });
    await user.type(box, 'grv-2024-000001');
    expect(await screen.findByText('No grievance you can see has a number starting with this')).toBeInTheDocument();
    await user.type(box, '{Enter}');
    expect(await screen.findByText('No grievance you can see has this number')).toBeInTheDocument();
  });

  it('refuses a character no number holds without asking the server', async () => {
    const fetch = mockApi({});
    const user = userEvent.setup();
    renderPage(<NumberLookup />, reader, '/grievances');
    await user.type(screen.getByRole('combobox', { name: 'Go to number' }), 'GRV 2025');
    expect(await screen.findByText("A number holds only letters, digits, '/' and '-'")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
