import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import AdminPage from './AdminPage';
import type { ClockRule } from './api/clock-rules';

vi.setConfig({ testTimeout: 60_000 });

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const admin = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });

const progress: ClockRule = {
  id: 'bnss-193-3-ii',
  name: 'Informant told of progress',
  name_hi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना',
  starts: 'information_recorded',
  sections: [],
  period: '90 days',
  repeats: true,
  met_by: 'informant_told_of_progress',
  ends_when_decided: true,
  from: '2024-07-01',
  source: 'BNSS s.193(3)(ii)',
  active: true,
};
const investigation: ClockRule = {
  ...progress,
  id: 'bnss-193-2',
  name: 'Investigation of a sexual offence completed',
  sections: ['BNS 64', 'POCSO 4'],
  period: '2 months',
  repeats: false,
  met_by: 'investigation_completed',
  source: 'BNSS s.193(2)',
};

function render(user = admin, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({ 'GET /api/admin/clock-rules': () => jsonResponse(200, { revision: 0, rules: [progress, investigation] }), ...extra });
  renderPage(<AdminPage />, user, '/admin?list=statutory_clocks');
  return fetch;
}

describe('the statutory clock rules of the Admin Panel', () => {
  it('lists each rule with what it applies to, how long it runs, what meets it and its source', async () => {
    render(reader);
    const table = await screen.findByRole('table', { name: 'Statutory clocks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Informant told of progress ', 'Every case', '90 days (again from each time it is met)', 'Informant told of progress', 'BNSS s.193(3)(ii)'],
      ['Investigation of a sexual offence completed ', 'BNS 64, POCSO 4', '2 months', 'Investigation completed (final report)', 'BNSS s.193(2)'],
    ]);
    expect(screen.queryByRole('button', { name: 'Add a rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it("tells how many cases' Section & Act the upgrade could not read, and nothing when none", async () => {
    render(reader, { 'GET /api/admin/clock-rules': () => jsonResponse(200, { revision: 0, rules: [progress], unread_sections: 12 }) });
    expect(await screen.findByText(/^12 cases' Section & Act, typed before sections were picked, could not be read whole into sections\./)).toBeInTheDocument();
  });

  it('says nothing of unread sections when every text was read', async () => {
    render(reader, { 'GET /api/admin/clock-rules': () => jsonResponse(200, { revision: 0, rules: [progress], unread_sections: 0 }) });
    await screen.findByRole('table', { name: 'Statutory clocks' });
    expect(screen.queryByText(/could not be read whole/)).not.toBeInTheDocument();
  });

  it("changes a rule's period and shows the server's message for a bad one", async () => {
    let answered = 0;
    const fetch = render(admin, {
      'PUT /api/admin/clock-rules/bnss-193-3-ii': (body) => {
        answered += 1;
        return answered === 1
          ? jsonResponse(400, { error: 'A period is a number of hours, days or months, such as 90 days or 2 months', fields: { period: 'A period is a number of hours, days or months, such as 90 days or 2 months' } })
          : jsonResponse(200, { ...progress, ...(body as object) });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Informant told of progress' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Informant told of progress' });
    const period = within(dialog).getByLabelText(/^Runs for/);
    await user.clear(period);
    await user.type(period, 'soon');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('A period is a number of hours, days or months, such as 90 days or 2 months')).toBeInTheDocument();
    await user.clear(period);
    await user.type(period, '60 days');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Saved: Informant told of progress')).toBeInTheDocument();
    const sent = sentBodies(fetch, 'PUT', '/api/admin/clock-rules/bnss-193-3-ii') as { period: string; sections: string[]; repeats: boolean }[];
    expect(sent.map((b) => b.period)).toEqual(['soon', '60 days']);
    expect(sent[1]).toMatchObject({ sections: [], repeats: true, source: 'BNSS s.193(3)(ii)' });
  });

  it('adds a rule of a state order, its sections split at commas', async () => {
    const fetch = render(admin, { 'POST /api/admin/clock-rules': (body) => jsonResponse(201, body) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a rule' });
    await user.type(within(dialog).getByLabelText(/^Rule id/), 'state-order-7');
    await user.type(within(dialog).getByLabelText(/^Name \*|^Name$/), 'Case diary to the SP');
    await user.type(within(dialog).getByLabelText(/^Name in Hindi/), 'केस डायरी');
    await user.type(within(dialog).getByLabelText(/^Sections/), 'BNS 303(2), BNS 305');
    await user.type(within(dialog).getByLabelText(/^Runs for/), '7 days');
    await user.type(within(dialog).getByLabelText(/^Source/), 'State order 7/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Saved: Case diary to the SP')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/admin/clock-rules')).toEqual([
      expect.objectContaining({ id: 'state-order-7', sections: ['BNS 303(2)', 'BNS 305'], period: '7 days', starts: 'information_recorded', active: true }),
    ]);
  });
});
