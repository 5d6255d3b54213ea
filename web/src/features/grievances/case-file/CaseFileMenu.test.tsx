// 'Case file' on the grievance's screen: each language downloads its PDF from the API with
// the bearer header, saved under the server's name; a refusal is said on the screen.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY } from '../../../api/token-store';
import { dispositionFileName } from '../../../api/client';
import { entry, jsonResponse, makeUser } from '../../../test/fixtures';
import { makeGrievance } from '../../../test/grievance-fixtures';
import { renderDetail } from '../../../test/render-detail';

const reader = makeUser({ permissions: [entry('grievances', { can_read: true })] });

/** Catches the hidden link's click: what would be saved, under which name. */
function catchSaves() {
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

const pdf = (name?: string) =>
  // Bytes, not a jsdom Blob, which fetch's Response cannot read.
  new Response(new TextEncoder().encode('%PDF-1.7 case file'), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', ...(name ? { 'Content-Disposition': `attachment; filename="${name}"` } : {}) },
  });

async function choose(language: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Case file' }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: language }));
}

afterEach(() => vi.restoreAllMocks());

describe('the case file', () => {
  it.each([
    ['English', 'en'],
    ['हिन्दी', 'hi'],
  ])('in %s is asked for with the bearer header and saved under the name the server gives', async (label, language) => {
    localStorage.setItem(TOKEN_KEY, 'tok-case');
    const saved = catchSaves();
    const fetch = renderDetail(reader, makeGrievance(), {
      [`GET /api/grievances/12/case-file?language=${language}`]: () => pdf(`GRV-2025-000012-${language}.pdf`),
    });
    await choose(label);
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    const calls = fetch.mock.calls.filter(([url]) => String(url).includes('/case-file'));
    expect(calls.map(([url]) => url)).toEqual([`/api/grievances/12/case-file?language=${language}`]);
    const headers = new Headers(calls[0][1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok-case');
    expect(headers.get('Accept')).toMatch(/^application\/pdf/);
    expect(saved[0].name).toBe(`GRV-2025-000012-${language}.pdf`);
    expect(await saved[0].blob.text()).toBe('%PDF-1.7 case file');
  });

  it('is saved under a name of its own when the server gives none', async () => {
    const saved = catchSaves();
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?language=hi': () => pdf() });
    await choose('हिन्दी');
    await vi.waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].name).toBe('GRV-2025-000012-case-file-hi.pdf');
  });

  it("shows the server's refusal, else 'Failed to download the case file'", async () => {
    const saved = catchSaves();
    let answer = jsonResponse(403, { error: 'You do not have permission to do this' }, 'Forbidden');
    renderDetail(reader, makeGrievance(), { 'GET /api/grievances/12/case-file?language=en': () => answer });
    await choose('English');
    expect(await screen.findByText('You do not have permission to do this')).toBeInTheDocument();
    answer = new Response('', { status: 500 });
    await choose('English');
    expect(await screen.findByText('Failed to download the case file')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('dispositionFileName', () => {
  it.each([
    ['attachment; filename="GRV-2025-000012.pdf"', 'GRV-2025-000012.pdf'],
    ['attachment; filename=case.pdf', 'case.pdf'],
    [`attachment; filename="case.pdf"; filename*=UTF-8''%E0%A4%95%E0%A5%87%E0%A4%B8.pdf`, 'केस.pdf'],
    ['attachment', null],
    [null, null],
  ])('reads %s as %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});
