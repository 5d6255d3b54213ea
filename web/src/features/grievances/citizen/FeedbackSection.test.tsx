// The complainant's feedback on the grievance's screen: their ratings, the appeal "not
// satisfied" opens, and its decision by the next level up.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../i18n';
import { sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';
import type { Appeal, Feedback } from './citizen';

const reader = makeUser({ id: 7, role_name: 'Reader', permissions: [entry('grievances', { can_read: true, can_update: true })] });
const sp = makeUser({ id: 21, name: 'SP Sharma', role_name: 'SP', posting: { level: 'district', id: 30 }, permissions: [entry('grievances', { can_read: true, can_approve: true })] });

const RATED: Feedback = {
  rating: 'not_satisfied',
  comment: 'The stolen motorcycle was never looked for.',
  at: '2026-11-20T05:00:00Z',
  via: 'link',
  disposed_at: '2026-11-18T05:00:00Z',
  appealed: true,
};
const EARLIER: Feedback = { rating: 'partly', comment: '', at: '2026-06-02T05:00:00Z', via: 'status_page', disposed_at: '2026-06-01T05:00:00Z', appealed: false };
const OPEN: Appeal = { level: 'district', opened_at: '2026-11-20T05:00:00Z', due: '2026-12-12', comment: RATED.comment };
const REASON = 'No search was made at the scrap dealers named by the complainant.';
const DECIDED: Appeal = { ...OPEN, decision: { reopened: true, reason: REASON, by: 21, by_name: 'SP Sharma', at: '2026-11-25T06:00:00Z' } };

const closedCase = (overrides = {}) =>
  makeGrievance({ status: 'Closed', status_meaning: 'closed', feedback: [EARLIER, RATED], appeals: [OPEN], ...overrides });
const section = () => screen.findByRole('region', { name: "Complainant's feedback" });
const BANNER = 'The complainant is not satisfied with the disposal. Appeal to the district level, to be decided by 12 December 2026';

describe("the complainant's feedback", () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('is not shown on a case the complainant has not rated', async () => {
    renderDetail(sp, makeGrievance());
    await screen.findByRole('region', { name: 'FIR Basic Details' });
    expect(screen.queryByRole('region', { name: "Complainant's feedback" })).not.toBeInTheDocument();
  });

  it('shows each rating newest first, with its comment, when and how it was given', async () => {
    renderDetail(reader, closedCase({ appeals: [] }));
    const ratings = within(within(await section()).getByRole('list', { name: 'Ratings of the disposal' })).getAllByRole('listitem');
    expect(ratings).toHaveLength(2);
    expect(ratings[0]).toHaveTextContent('Not satisfied');
    expect(ratings[0]).toHaveTextContent('Appeal opened');
    expect(ratings[0]).toHaveTextContent(RATED.comment);
    expect(ratings[0]).toHaveTextContent('20 Nov 2026');
    expect(ratings[0]).toHaveTextContent('By the link in the disposal SMS');
    expect(ratings[1]).toHaveTextContent('Partly satisfied');
    expect(ratings[1]).toHaveTextContent('No comment');
    expect(ratings[1]).toHaveTextContent('On the status page');
  });

  it('shows an open appeal as a banner with its level and day, and no decision to a user who may not approve', async () => {
    renderDetail(reader, closedCase());
    const region = await section();
    expect(within(region).getByRole('note')).toHaveTextContent(BANNER);
    expect(within(region).getByRole('note')).toHaveTextContent(RATED.comment);
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    expect(within(region).queryByRole('radio')).not.toBeInTheDocument();
  });

  it('lets an approver reopen the case with a reason, checked first, and shows the decision, who and when', async () => {
    const fetch = renderDetail(sp, closedCase(), {
      'POST /api/grievances/12/appeal': () =>
        jsonResponse(200, { success: true, data: closedCase({ status: 'Pending', status_meaning: 'open', version: 4, appeals: [DECIDED] }) }),
    });
    const region = await section();
    const form = within(region).getByRole('form', { name: 'Decide the appeal' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Reason/), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(within(form).getByText('Choose to confirm the closure or to reopen the case')).toBeInTheDocument();
    expect(within(form).getByText('State the reason for the decision, in at least 10 characters')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/appeal')).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'Reopen the case' }));
    await user.clear(within(form).getByLabelText(/^Reason/));
    await user.type(within(form).getByLabelText(/^Reason/), ` ${REASON} `);
    await user.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await waitFor(() => expect(within(region).queryByRole('form')).not.toBeInTheDocument());
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/appeal')).toEqual([{ decision: 'reopen', reason: REASON }]);
    expect(screen.getByRole('status')).toHaveTextContent('Reopened on appeal');
    expect(within(region).queryByRole('note')).not.toBeInTheDocument();
    const decided = within(within(region).getByRole('list', { name: 'Appeals decided' })).getByRole('listitem');
    expect(decided).toHaveTextContent('Appeal to the district level');
    expect(decided).toHaveTextContent('Reopened on appeal');
    expect(decided).toHaveTextContent(REASON);
    expect(decided).toHaveTextContent('Decided by SP Sharma');
    expect(decided).toHaveTextContent('25 Nov 2026');
  });

  it("shows the server's refusals: another level's appeal (in the reader's language), and one decided meanwhile with a reload", async () => {
    let answer = () =>
      jsonResponse(403, { error: 'This appeal is decided at the range level', code: 'APPEAL_OTHER_LEVEL', params: { level: 'range' } });
    const fetch = renderDetail(sp, closedCase({ appeals: [{ ...OPEN, level: 'range' }] }), { 'POST /api/grievances/12/appeal': () => answer() });
    const region = await section();
    const user = userEvent.setup();
    await user.click(within(region).getByRole('radio', { name: 'Confirm the closure' }));
    await user.type(within(region).getByLabelText(/^Reason/), REASON);
    await user.click(within(region).getByRole('button', { name: 'Record the decision' }));
    expect(await within(region).findByText('This appeal is decided at the range level')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Reload grievance' })).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/12/appeal')).toEqual([{ decision: 'confirm', reason: REASON }]);

    await act(() => i18n.changeLanguage('hi'));
    await user.click(within(region).getByRole('button', { name: 'निर्णय दर्ज करें' }));
    expect(await within(region).findByText('इस अपील का निर्णय रेंज स्तर पर होता है')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));

    answer = () => jsonResponse(409, { error: 'This case has no appeal waiting for a decision', code: 'APPEAL_NOT_OPEN' });
    await user.click(within(region).getByRole('button', { name: 'Record the decision' }));
    expect(await within(region).findByText('This case has no appeal waiting for a decision')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Reload grievance' })).toBeInTheDocument();
  });

  it('offers the decision to the Admin role', async () => {
    renderDetail(makeUser({ role_name: 'Admin', permissions: [] }), closedCase());
    expect(within(await section()).getByRole('form', { name: 'Decide the appeal' })).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    renderDetail(reader, closedCase({ appeals: [DECIDED, { ...OPEN, level: 'range', opened_at: '2026-12-01T05:00:00Z' }] }));
    await section();
    await act(() => i18n.changeLanguage('hi'));
    const region = screen.getByRole('region', { name: 'शिकायतकर्ता की प्रतिक्रिया' });
    expect(within(region).getByRole('note')).toHaveTextContent('शिकायतकर्ता निस्तारण से संतुष्ट नहीं है। रेंज स्तर पर अपील, जिसका निर्णय 12 दिसंबर 2026 तक होना है');
    expect(within(region).getByRole('list', { name: 'निर्णीत अपीलें' })).toHaveTextContent('अपील पर फिर से खोला गया');
    expect(within(region).getByRole('list', { name: 'निस्तारण पर रेटिंग' })).toHaveTextContent('संतुष्ट नहीं');
  });
});
