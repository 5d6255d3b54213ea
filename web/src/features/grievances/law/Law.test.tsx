import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLanguage } from '../../../i18n';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { listHandlers, makeGrievance } from '../../../test/grievance-fixtures';
import { renderPage } from '../../../test/render-page';
import GrievanceDetailPage from '../GrievanceDetailPage';
import GrievanceFormPage from '../GrievanceFormPage';
import { codeWarning, type ClockView } from './law';

vi.setConfig({ testTimeout: 60_000 });

const clerk = makeUser({
  role_name: 'Clerk',
  permissions: [entry('grievances', { can_read: true, can_create: true, can_update: true })],
});
const reader = makeUser({ role_name: 'Reader', permissions: [entry('grievances', { can_read: true })] });

function clock(overrides: Partial<ClockView>): ClockView {
  return {
    rule: 'bnss-193-3-ii',
    name: 'Informant told of progress',
    name_hi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना',
    source: 'BNSS s.193(3)(ii): within ninety days',
    started_on: '2025-01-10',
    due_on: '2025-04-10',
    state: 'due',
    done_on: null,
    days_left: 5,
    earlier: [],
    ...overrides,
  };
}

const rape = makeGrievance({
  id: 21,
  grievance_number: 'GRV-2025-000021',
  section_and_act: '64 BNS',
  sections: [{ act: 'BNS', section: '64' }],
  clocks: [
    clock({}),
    clock({ rule: 'bnss-193-2', name: 'Investigation of a sexual offence completed', name_hi: 'लैंगिक अपराध का अन्वेषण पूर्ण', source: 'BNSS s.193(2)', due_on: '2025-03-10', state: 'missed', days_left: -12 }),
    clock({ rule: 'bnss-184-1', name: 'Victim sent for medical examination', name_hi: 'पीड़िता को चिकित्सीय परीक्षा हेतु भेजा गया', source: 'BNSS s.184(1)', due_on: '2025-01-11', state: 'met', done_on: '2025-01-10', days_left: 1 }),
  ],
});

function detailApi(g = rape, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    ...listHandlers(),
    [`GET /api/grievances/${g.id}`]: () => jsonResponse(200, { success: true, data: g }),
    [`GET /api/grievances/${g.id}/history`]: () => jsonResponse(200, { success: true, data: [] }),
    [`GET /api/grievances/${g.id}/attachments`]: () => jsonResponse(200, { success: true, data: [] }),
    [`GET /api/grievances/${g.id}/notes`]: () => jsonResponse(200, { success: true, data: [] }),
    [`GET /api/grievances/${g.id}/links`]: () => jsonResponse(200, { success: true, data: [] }),
    ...extra,
  });
}

describe('the statutory clocks of a case', () => {
  it('lists each duty with its due day, its state and the days left or late; in Hindi too', async () => {
    detailApi();
    renderPage(<GrievanceDetailPage />, reader, '/grievances/21', '/grievances/:id');
    const table = await screen.findByRole('table', { name: 'Statutory clocks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['Informant told of progressBNSS s.193(3)(ii): within ninety days', '10 Apr 2025', 'Due', '5 days left'],
      ['Investigation of a sexual offence completedBNSS s.193(2)', '10 Mar 2025', 'Missed', '12 days late'],
      ['Victim sent for medical examinationBNSS s.184(1)', '11 Jan 2025', 'Met', '1 day to spareDone on 10 Jan 2025'],
    ]);
    expect(screen.queryByRole('button', { name: 'Record an action' })).not.toBeInTheDocument();
    expect(screen.getByText('BNS 64')).toBeInTheDocument();
    await act(() => setLanguage('hi'));
    try {
      const hindi = await screen.findByRole('table', { name: 'वैधानिक समय-सीमाएं' });
      expect(within(hindi).getByText('लैंगिक अपराध का अन्वेषण पूर्ण')).toBeInTheDocument();
      expect(within(hindi).getByText('चूक')).toBeInTheDocument();
      expect(within(hindi).getByText('12 दिन विलंब')).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('records that the informant was told, how and when, and shows the clock the server answers', async () => {
    const told = { ...rape, version: 4, clocks: [clock({ started_on: '2025-04-01', due_on: '2025-06-30', days_left: 90 })] };
    const fetch = detailApi(rape, { 'POST /api/grievances/21/clock-actions': () => jsonResponse(201, { success: true, data: told }) });
    renderPage(<GrievanceDetailPage />, clerk, '/grievances/21', '/grievances/:id');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record an action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an action' });
    const done = within(dialog).getByLabelText(/^Done on/);
    await user.clear(done);
    await user.type(done, '2025-04-01');
    await user.selectOptions(within(dialog).getByLabelText(/^How the informant was told/), 'SMS');
    await user.type(within(dialog).getByLabelText('Note'), 'Arrest made');
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Recorded: Informant told of progress')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/grievances/21/clock-actions')).toEqual([
      { kind: 'informant_told_of_progress', on: '2025-04-01', means: 'sms', note: 'Arrest made', version: 3 },
    ]);
    const table = screen.getByRole('table', { name: 'Statutory clocks' });
    expect(within(table).getByText('30 Jun 2025')).toBeInTheDocument();
  });

  it("shows the server's field messages in the dialog and keeps it open", async () => {
    detailApi(rape, {
      'POST /api/grievances/21/clock-actions': () =>
        jsonResponse(400, { error: 'The day it was done cannot be before the FIR Date', fields: { on: 'The day it was done cannot be before the FIR Date' } }),
    });
    renderPage(<GrievanceDetailPage />, clerk, '/grievances/21', '/grievances/:id');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Record an action' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record an action' });
    await user.selectOptions(within(dialog).getByLabelText(/^Action/), 'Investigation completed (final report)');
    expect(within(dialog).queryByLabelText(/^How the informant was told/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('The day it was done cannot be before the FIR Date')).toBeInTheDocument();
  });

  it("warns of a section whose code does not fit the offence's date, as the server words it", async () => {
    const ipc = makeGrievance({
      id: 22,
      sections: [{ act: 'IPC', section: '379', offence_date: '2025-01-05' }],
      section_warnings: [
        {
          index: 0,
          code: 'OLD_CODE_AFTER_NEW_CODES',
          params: { section: 'IPC 379', date: '2025-01-05' },
          message: 'IPC 379 is for offences committed before 1 July 2024; an offence of 2025-01-05 falls under the BNS',
        },
      ],
    });
    detailApi(ipc);
    renderPage(<GrievanceDetailPage />, reader, '/grievances/22', '/grievances/:id');
    expect(await screen.findByText('IPC 379 is for offences committed before 1 July 2024; an offence of 2025-01-05 falls under the BNS')).toBeInTheDocument();
    expect(screen.getByText('IPC 379 (offence 5 Jan 2025)')).toBeInTheDocument();
  });
});

describe('the code a section is from', () => {
  it('is warned about when the date does not fit it', () => {
    expect(codeWarning({ act: 'IPC', section: '379', offence_date: '2024-07-01' }, '2024-07-02')?.code).toBe('OLD_CODE_AFTER_NEW_CODES');
    expect(codeWarning({ act: 'IPC', section: '379', offence_date: '2024-06-30' }, '2024-07-02')).toBeNull();
    expect(codeWarning({ act: 'IPC', section: '379' }, '2024-07-02')).toBeNull();
    expect(codeWarning({ act: 'BNS', section: '64' }, '2024-06-20')).toEqual({ code: 'NEW_CODE_BEFORE_NEW_CODES', params: { section: 'BNS 64', date: '2024-06-20' } });
    expect(codeWarning({ act: 'CrPC', section: '154' }, '2024-07-01')?.code).toBe('OLD_PROCEDURE_AFTER_NEW_CODES');
    expect(codeWarning({ act: 'POCSO', section: '4' }, '2020-01-01')).toBeNull();
  });
});

describe('the section picker of the form', () => {
  it('finds a section by the IPC section it replaced, cites it in Section & Act, warns of a date before the BNS, and sends it', async () => {
    const theft = { act: 'BNS', section: '303(2)', title: 'Theft', title_hi: 'चोरी', chapter: 'XVII', maximum: '3 years', replaces: ['379'], offence: true };
    const fetch = mockApi({
      ...listHandlers(),
      'GET /api/law/offences?q=IPC%20379&limit=8': () => jsonResponse(200, [theft]),
      'POST /api/grievances': () => jsonResponse(201, { success: true, data: makeGrievance({ id: 40 }) }),
    });
    renderPage(<GrievanceFormPage />, clerk, '/grievances/new', '/grievances/new');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^FIR Number/), 'FIR/2025-80');
    await user.type(screen.getByLabelText(/^FIR Date/), '2025-01-05');
    await user.type(screen.getByRole('combobox', { name: /^Find a section/ }), 'IPC 379');
    await user.click(await screen.findByRole('option', { name: /BNS 303\(2\)/ }));
    const picked = screen.getByRole('list', { name: 'Sections picked' });
    expect(within(picked).getByText('BNS 303(2)')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Section & Act/)).toHaveValue('BNS 303(2)');
    await user.type(within(picked).getByLabelText('Date of offence (BNS 303(2))'), '2024-06-01');
    expect(within(picked).getByRole('status')).toHaveTextContent('BNS 303(2) is for offences committed from 1 July 2024; an offence of 2024-06-01 falls under the IPC');

    await waitFor(() => expect(screen.getByRole('option', { name: 'Burglary' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Crime Title/), 'Burglary');
    await user.selectOptions(screen.getByLabelText(/^District/), 'North District');
    await user.selectOptions(screen.getByLabelText(/^Police Station/), 'Civil Lines');
    await user.type(screen.getByLabelText(/^Brief Details/), 'Phone taken at the bus stand.');
    await user.click(screen.getByRole('button', { name: 'Create Grievance' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/grievances')).toHaveLength(1));
    const [body] = sentBodies(fetch, 'POST', '/api/grievances') as { section_and_act: string; sections: unknown }[];
    expect(body.section_and_act).toBe('BNS 303(2)');
    expect(body.sections).toEqual([{ act: 'BNS', section: '303(2)', offence_date: '2024-06-01' }]);
  });
});
