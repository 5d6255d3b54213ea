import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import AdminPage from '../AdminPage';
import { FAILED_URL, progressSensitiveEn, SETTINGS_URL, settingsView } from './test-data';

const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
const keeper = makeUser({ role_name: 'Keeper', permissions: [entry('dropdowns', { can_read: true, can_update: true })] });

const SENSITIVE_PROGRESS_URL = '/api/admin/sms-templates/progress/en/sensitive';
const PROGRESS_URL = '/api/admin/sms-templates/progress/en/standard';

function render(user = keeper, extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    [`GET ${SETTINGS_URL}`]: () => jsonResponse(200, settingsView()),
    [`GET ${FAILED_URL}`]: () => jsonResponse(200, []),
    ...extra,
  });
  renderPage(<AdminPage />, user, '/admin?list=citizen_messages');
  return fetch;
}

const table = () => screen.findByRole('table', { name: 'SMS templates' });
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the SMS templates', () => {
  it('lists every template by its readable name, language, cases, text, DLT id and whose text it is', async () => {
    render(reader);
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      [
        'Registered',
        'Hindi',
        'Other cases',
        'प्रिय {name}, आपकी शिकायत {station} में {date} को शिकायत संख्या {number} के रूप में दर्ज हुई है। स्थिति देखें: {link}',
        '1007000000000000002',
        "Department's",
      ],
      ['Progress update', 'English', 'Other cases', 'Grievance {number}, progress on {date}: {message}', '1007000000000000009', "Portal's text"],
      [
        'Progress update',
        'English',
        'Sensitive cases',
        'Grievance {number}: the investigation made progress on {date}. Details at {link} or at the police station.',
        '1007000000000000011',
        "Portal's text",
      ],
      ['Status page code', 'English', 'Every case', '{code} is your code to see grievance {number}. It works for 5 minutes. Do not share it.', '1007000000000000021', "Portal's text"],
    ]);
    // A Hindi text is marked as Hindi for a screen reader.
    expect(within(rows[0]).getByText(/^प्रिय/)).toHaveAttribute('lang', 'hi');
  });

  it('offers no Edit to users who may only see the Admin Panel', async () => {
    render(reader);
    await table();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it("tells, for a sensitive case's template, the placeholders it may hold and why the others are not allowed", async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Progress update (English, sensitive cases)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress update (English, sensitive cases)' });
    const text = within(dialog).getByRole('textbox', { name: /^Text/ });
    expect(text).toHaveFocus();
    expect(text).toHaveValue(progressSensitiveEn.text);
    expect(text).toHaveAttribute('lang', 'en');
    expect(text).toHaveAccessibleDescription(
      'Must hold: {number}. Placeholders allowed: {number}, {station}, {status}, {officer}, {date}, {link}, {code}. ' +
        "Not allowed for sensitive cases: {message}, {offence}, {name}. BNS s.72 forbids making known the identity of victims of the offences it names, so a sensitive case's SMS names neither the offence nor anyone; {message} is the officer's own words, which might.",
    );
    const count = () => within(dialog).getByText(/characters/, { selector: '.template-count' });
    expect(count()).toHaveTextContent(`${progressSensitiveEn.text.length} of 500 characters`);
    await user.type(text, ' More');
    expect(count()).toHaveTextContent(`${progressSensitiveEn.text.length + 5} of 500 characters`);
    // A screen reader hears the count once the typing rests, not at every key.
    await waitFor(() => expect(within(dialog).getByRole('status')).toHaveTextContent(`${progressSensitiveEn.text.length + 5} of 500 characters`));
    expect(within(dialog).getByRole('textbox', { name: /^DLT template id/ })).toHaveValue('1007000000000000011');
  });

  it("lists {message}, {offence} and {name} for another case's template, with no reason to give", async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Progress update (English, other cases)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress update (English, other cases)' });
    expect(within(dialog).getByRole('textbox', { name: /^Text/ })).toHaveAccessibleDescription(
      'Must hold: {number}. Placeholders allowed: {number}, {station}, {status}, {officer}, {date}, {link}, {code}, {message}, {offence}, {name}.',
    );
    expect(within(dialog).queryByText(/BNS s\.72/)).not.toBeInTheDocument();
  });

  it("shows the server's messages on the fields, then saves the fixed template and shows it in the table", async () => {
    let answered = 0;
    const fetch = render(keeper, {
      [`PUT ${SENSITIVE_PROGRESS_URL}`]: (body) => {
        answered += 1;
        if (answered === 1) {
          return jsonResponse(400, {
            error: "Enter the template's DLT id: 10 to 30 digits",
            code: 'DLT_TEMPLATE_ID_INVALID',
            fields: { text: 'A template for sensitive cases cannot hold {message}', dltTemplateId: "Enter the template's DLT id: 10 to 30 digits" },
            field_codes: { text: { code: 'TEMPLATE_NOT_SAFE', params: { name: '{message}' } }, dltTemplateId: { code: 'DLT_TEMPLATE_ID_INVALID' } },
          });
        }
        const saved = { ...progressSensitiveEn, ...(body as { text: string; dltTemplateId: string }), shipped: false };
        return jsonResponse(200, settingsView({ revision: 5, templates: [saved, ...settingsView().templates.filter((t) => t !== progressSensitiveEn)] }));
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Progress update (English, sensitive cases)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress update (English, sensitive cases)' });
    const text = within(dialog).getByRole('textbox', { name: /^Text/ });
    const dlt = within(dialog).getByRole('textbox', { name: /^DLT template id/ });
    await user.clear(text);
    await user.type(text, 'Grievance {{number}: {{message}');
    await user.clear(dlt);
    await user.type(dlt, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByText('A template for sensitive cases cannot hold {message}')).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the template's DLT id: 10 to 30 digits")).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(dlt).toHaveAttribute('aria-invalid', 'true');
    expect(text).toHaveFocus();

    await user.clear(text);
    await user.type(text, 'Grievance {{number}: progress on {{date}. {{link}');
    await user.clear(dlt);
    await user.type(dlt, '1007000000000000099');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Saved: Progress update (English, sensitive cases)')).toBeInTheDocument();
    expect(dialog).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', SENSITIVE_PROGRESS_URL)).toEqual([
      { text: 'Grievance {number}: {message}', dltTemplateId: '12' },
      { text: 'Grievance {number}: progress on {date}. {link}', dltTemplateId: '1007000000000000099' },
    ]);
    const row = within(await table()).getByRole('row', { name: /Sensitive cases/ });
    expect(cells(row)).toEqual(['Progress update', 'English', 'Sensitive cases', 'Grievance {number}: progress on {date}. {link}', '1007000000000000099', "Department's", 'Edit']);
  });

  it('refuses a text longer than 500 characters before sending, and counts what is over', async () => {
    const fetch = render(keeper, { [`PUT ${PROGRESS_URL}`]: () => jsonResponse(200, settingsView()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Progress update (English, other cases)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress update (English, other cases)' });
    const text = within(dialog).getByRole('textbox', { name: /^Text/ });
    await user.clear(text);
    await user.click(text);
    await user.paste(`{number} ${'x'.repeat(493)}`);
    expect(within(dialog).getByText('2 characters too many', { selector: '.template-count' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(within(dialog).getByText('The text can be at most 500 characters')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'PUT', PROGRESS_URL)).toEqual([]);
    await user.type(text, '{Backspace}{Backspace}');
    expect(within(dialog).getByText('500 of 500 characters', { selector: '.template-count' })).toBeInTheDocument();
    expect(within(dialog).queryByText('The text can be at most 500 characters')).not.toBeInTheDocument();
  });

  it('shows the message of a refusal that names no field above the fields', async () => {
    render(keeper, { [`PUT ${PROGRESS_URL}`]: () => jsonResponse(404, { error: 'Message template not found', code: 'TEMPLATE_NOT_FOUND' }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Progress update (English, other cases)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Progress update (English, other cases)' });
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Message template not found');
  });
});
