import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '../../../i18n';
import { mockApi, sentBodies } from '../../../test/api-mock';
import { adminUser, entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-page';
import AdminPage from '../AdminPage';
import type { ImportOutcome, ImportReport, ImportRow } from './api/imports';
import { MAX_FILE_BYTES, toBase64 } from './import-file';

const CHECK = '/api/admin/imports/organisation/check';
const IMPORT = '/api/admin/imports/organisation';
const CSV = 'range,district,district_code,station,NIC code\nAgra Range,Agra,AG,,\n,Agra,,Sadar,UP1\n,Nowhere,,Lost,UP2\n';
const CONTENT = toBase64(new TextEncoder().encode(CSV));

const failing: ImportRow = {
  row: 4,
  outcome: 'fail',
  label: 'Lost',
  errors: [
    {
      field: 'district',
      column: 'district',
      code: 'IMPORT_DISTRICT_UNKNOWN',
      message: "No district 'Nowhere' in the file or the portal",
      message_hi: "फ़ाइल या पोर्टल में 'Nowhere' नाम का कोई ज़िला नहीं",
      params: {},
    },
  ],
};

function report(overrides: Partial<ImportReport> = {}): ImportReport {
  return {
    kind: 'organisation',
    file_name: 'stations.csv',
    sha256: '9f86d0',
    columns: ['range', 'district', 'district_code', 'station', 'NIC code'],
    fields: [
      { field: 'range', label: 'Range', required: false, column: 'range' },
      { field: 'district', label: 'District', required: true, column: 'district' },
      { field: 'district_code', label: 'District code', required: false, column: 'district_code' },
      { field: 'station', label: 'Police station', required: false, column: 'station' },
      { field: 'station_code', label: 'Police station code', required: false, column: null },
    ],
    counts: { rows: 3, create: 2, update: 0, unchanged: 0, fail: 1 },
    rows: [
      { row: 2, outcome: 'create', label: 'Agra', errors: [] },
      { row: 3, outcome: 'create', label: 'Sadar', errors: [] },
      failing,
    ],
    ...overrides,
  };
}

const passing = report({ counts: { rows: 2, create: 2, update: 0, unchanged: 0, fail: 0 }, rows: report().rows.slice(0, 2) });

const envelope = (data: unknown) => jsonResponse(200, { success: true, data });

function api(check: (body: unknown) => Response, run?: (body: unknown) => Response, path = '/api/admin/imports/organisation') {
  return mockApi({
    'GET /api/admin/dropdowns/categories': () => jsonResponse(200, []),
    [`POST ${path}/check`]: check,
    ...(run ? { [`POST ${path}`]: run } : {}),
  });
}

async function open(user = adminUser) {
  renderPage(<AdminPage />, user, '/admin?list=import');
  return screen.findByRole('heading', { level: 2, name: 'Import from a file' });
}

async function pick(file: File = new File([CSV], 'stations.csv', { type: 'text/csv' }), label = 'File') {
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText(label), file);
  return user;
}

describe('admin panel: import', () => {
  it('shows the tab to those who may import some kind, with only the kinds they may import', async () => {
    api(() => envelope(report()));
    const reader = makeUser({ role_name: 'Reader', permissions: [entry('dropdowns', { can_read: true })] });
    const first = renderPage(<AdminPage />, reader, '/admin?list=import');
    expect(screen.queryByRole('tab', { name: 'Import' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Categories' })).toHaveAttribute('aria-selected', 'true');
    first.unmount();

    const staffer = makeUser({ role_name: 'Staffer', permissions: [entry('dropdowns', { can_read: true }), entry('users', { can_create: true })] });
    await open(staffer);
    expect(screen.getByRole('tab', { name: 'Import' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Staff']);
  });

  it('refuses a file over 4 MB before sending it, pointing to the command line', async () => {
    const fetch = api(() => envelope(report()));
    await open();
    await pick(new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'huge.csv', { type: 'text/csv' }));
    expect(screen.getByText(/huge\.csv is larger than 4 MB\. Larger files are imported with "portal import" on the command line/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(sentBodies(fetch, 'POST', CHECK)).toEqual([]);
  });

  it('checks the file, shows the report, and keeps Import disabled while rows fail', async () => {
    const fetch = api(() => envelope(report()));
    await open();
    expect(screen.getByText('Columns: Range, District, District code, Police station, Police station code')).toBeInTheDocument();
    const user = await pick();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Check of stations.csv' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', CHECK)).toEqual([{ file_name: 'stations.csv', content: CONTENT }]);
    // The kind's line now names the required columns.
    expect(screen.getByText('Columns: Range, District (required), District code, Police station, Police station code')).toBeInTheDocument();
    const counts = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(counts('Rows')).toHaveTextContent('3');
    expect(counts('To create')).toHaveTextContent('2');
    expect(counts('Failing')).toHaveTextContent('1');

    // Only the failing row at first; all of them once the filter is off.
    const rowsTable = screen.getByRole('table', { name: 'Rows' });
    expect(within(rowsTable).getAllByRole('row')).toHaveLength(2);
    expect(within(rowsTable).getByText("district: No district 'Nowhere' in the file or the portal")).toBeInTheDocument();
    expect(within(rowsTable).getByText('Fails')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Only failing rows' }));
    expect(within(rowsTable).getAllByRole('row')).toHaveLength(4);

    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByText('1 row fails: correct the file and check it again before importing.')).toBeInTheDocument();
  });

  it('shows the row messages in Hindi on the Hindi screens', async () => {
    api(() => envelope(report()));
    await act(() => i18n.changeLanguage('hi'));
    renderPage(<AdminPage />, adminUser, '/admin?list=import');
    await screen.findByRole('heading', { level: 2, name: 'फ़ाइल से आयात' });
    const user = await pick(undefined, 'फ़ाइल');
    await user.click(screen.getByRole('button', { name: 'फ़ाइल जाँचें' }));
    const rowsTable = await screen.findByRole('table', { name: 'पंक्तियाँ' });
    expect(within(rowsTable).getByText("district: फ़ाइल या पोर्टल में 'Nowhere' नाम का कोई ज़िला नहीं")).toBeInTheDocument();
    expect(within(rowsTable).getByText('विफल')).toBeInTheDocument();
    expect(screen.getByLabelText('थाना कोड का कॉलम')).toHaveValue('');
  });

  it('checks again with the changed column mapping, and imports what was checked', async () => {
    const outcome: ImportOutcome = {
      import_id: 'IMP-20261130-183000-1a2b',
      complete: true,
      rows_in: '2-3',
      counts: { rows: 2, create: 2, update: 0, unchanged: 0, fail: 0 },
      sign_in_links: [],
    };
    const fetch = api(
      (body) => envelope((body as { mapping?: unknown }).mapping ? { ...passing, fields: passing.fields.map((f) => (f.field === 'station_code' ? { ...f, column: 'NIC code' } : f)) } : passing),
      () => envelope(outcome),
    );
    await open();
    const user = await pick();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { level: 3, name: 'Check of stations.csv' });
    const select = await screen.findByLabelText('Column for Police station code');
    expect(select).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();

    await user.selectOptions(select, 'NIC code');
    // A mapping not yet checked is not imported.
    expect(screen.getByText('The columns have changed: check the file again before importing.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    const mapping = { range: 'range', district: 'district', district_code: 'district_code', station: 'station', station_code: 'NIC code' };
    expect(sentBodies(fetch, 'POST', CHECK)[1]).toEqual({ file_name: 'stations.csv', content: CONTENT, mapping });
    expect(await screen.findByLabelText('Column for Police station code')).toHaveValue('NIC code');
    expect(screen.queryByText(/The columns have changed/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Import IMP-20261130-183000-1a2b' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', IMPORT)).toEqual([{ file_name: 'stations.csv', content: CONTENT, mapping }]);
    expect(screen.getByText('Imported: every row of the file is in.')).toBeInTheDocument();
    expect(screen.getByText('Created', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
  });

  it("shows the server's refusal of the import, and an import that stopped part-way", async () => {
    let answer = jsonResponse(400, { error: '1 row fails: nothing was imported', code: 'IMPORT_HAS_FAILURES', params: { count: '1' } });
    api(() => envelope(passing), () => answer);
    await open();
    const user = await pick();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText('1 row fails: nothing was imported')).toBeInTheDocument();

    answer = envelope({ import_id: 'IMP-2', complete: false, rows_in: '2-2', error: 'The disk is full', counts: { rows: 2, create: 1, update: 0, unchanged: 0, fail: 0 } });
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('The import stopped part-way. Rows written: 2-2.')).toBeInTheDocument();
    expect(screen.getByText('It stopped because: The disk is full')).toBeInTheDocument();
  });

  it('draws 500 rows at a time', async () => {
    const rows: ImportRow[] = Array.from({ length: 1200 }, (_, index) => ({ row: index + 2, outcome: 'unchanged', label: `Station ${index}`, errors: [] }));
    api(() => envelope({ ...passing, rows, counts: { rows: 1200, create: 0, update: 0, unchanged: 1200, fail: 0 } }));
    await open();
    const user = await pick();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const rowsTable = await screen.findByRole('table', { name: 'Rows' });
    expect(within(rowsTable).getAllByRole('row')).toHaveLength(501);
    expect(screen.getByText('Showing 500 of 1,200 rows')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(rowsTable).getAllByRole('row')).toHaveLength(1001);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(within(rowsTable).getAllByRole('row')).toHaveLength(1201);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('admin panel: import of staff', () => {
  /** Catches the download link's click: what would be saved, under which name. */
  function catchDownloads() {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    Object.defineProperty(URL, 'createObjectURL', {
      configurable: true,
      value: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
    });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
    });
    return saved;
  }

  it('shows the new users their sign-in links once, and downloads them as a CSV', async () => {
    const staff = report({
      kind: 'users',
      file_name: 'staff.csv',
      columns: ['email', 'name', 'role'],
      fields: [
        { field: 'email', label: 'Email', required: true, column: 'email' },
        { field: 'name', label: 'Name', required: true, column: 'name' },
        { field: 'role', label: 'Role', required: true, column: 'role' },
      ],
      counts: { rows: 2, create: 2, update: 0, unchanged: 0, fail: 0 },
      rows: [
        { row: 2, outcome: 'create', label: 'ravi@up.police.test', errors: [] },
        { row: 3, outcome: 'create', label: 'sita@up.police.test', errors: [] },
      ],
    });
    const links = [
      { row: 2, name: 'Ravi Kumar', email: 'ravi@up.police.test', link: 'http://127.0.0.1:8080/set-password#token=abc' },
      // A portal with no public address set answers a link relative to itself.
      { row: 3, name: 'Sita, "SI" Devi', email: 'sita@up.police.test', link: '/set-password#token=def' },
    ];
    const fetch = api(
      () => envelope(staff),
      () => envelope({ import_id: 'IMP-9', complete: true, rows_in: '2-3', counts: staff.counts, sign_in_links: links }),
      '/api/users/imports',
    );
    const saved = catchDownloads();
    await open();
    const user = await pick(new File(['email,name,role\n'], 'staff.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('radio', { name: 'Staff' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(sentBodies(fetch, 'POST', '/api/users/imports')).toHaveLength(1);

    const table = await screen.findByRole('table', { name: 'Sign-in links' });
    expect(within(table).getByRole('rowheader', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(within(table).getByText('http://127.0.0.1:8080/set-password#token=abc')).toBeInTheDocument();
    expect(within(table).getByText(`${window.location.origin}/set-password#token=def`)).toBeInTheDocument();
    expect(screen.getByText(/shown once only, here, and expire in 7 days/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Download links (CSV)' }));
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('sign-in-links-IMP-9.csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await saved[0].blob.arrayBuffer());
    expect(text).toBe(
      '\ufeffRow,Name,Email,Link\r\n' +
        '2,Ravi Kumar,ravi@up.police.test,http://127.0.0.1:8080/set-password#token=abc\r\n' +
        `3,"Sita, ""SI"" Devi",sita@up.police.test,${window.location.origin}/set-password#token=def\r\n`,
    );
  });
});
