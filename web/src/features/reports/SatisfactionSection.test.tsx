import { act, screen, within } from '@testing-library/react';
import { i18n, setLanguage } from '../../i18n';
import { mockApi } from '../../test/api-mock';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { SatisfactionSection } from './SatisfactionSection';
import type { SatisfactionReport } from './report-data';

const period = { from: '2025-12-01', to: '2026-11-30' };
const URL = '/api/reports/satisfaction?from=2025-12-01&to=2026-11-30';

const row = (station_id: number, station: string, satisfied: number, partly: number, not_satisfied: number, satisfied_percent: number | null, appeals: number) => ({
  station_id,
  station,
  satisfied,
  partly,
  not_satisfied,
  total: satisfied + partly + not_satisfied,
  satisfied_percent,
  appeals,
});

// The least satisfied first, as the server orders them.
const report: SatisfactionReport = {
  from: '2025-12-01',
  to: '2026-11-30',
  rows: [row(36, 'Sadar', 1, 1, 3, 20, 2), row(35, 'Civil Lines', 123456, 2000, 1544, 97.2, 1200)],
  total: row(0, 'Total', 123457, 2001, 1547, 97.2, 1202),
};

const hindiStations: Record<string, string> = { 'Civil Lines': 'सिविल लाइंस' };

function render(answer: () => Response) {
  const fetch = mockApi({ [`GET ${URL}`]: answer });
  const station = (name: string) => (i18n.language === 'hi' ? (hindiStations[name] ?? name) : name);
  renderPage(<SatisfactionSection period={period} station={station} />, makeUser());
  return fetch;
}

/** A row's header and cells, as read across it. */
const texts = (tr: HTMLElement) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe("the complainants' satisfaction report", () => {
  it('shows each station, least satisfied first, and the totals, with Indian grouping and the share to one decimal', async () => {
    const fetch = render(() => jsonResponse(200, report));
    const table = await screen.findByRole('table', { name: "Complainants' satisfaction by police station" });
    expect(fetch).toHaveBeenCalledWith(URL, expect.anything());
    expect(screen.getByRole('heading', { level: 2, name: "Complainants' satisfaction by police station" })).toBeInTheDocument();
    expect(screen.getByText(/^The ratings complainants gave of their cases' disposals in the period/)).toHaveTextContent(
      /Appeals: the “Not satisfied” ratings given within the reopen window, each of which opened an appeal to the district\.$/,
    );
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Police Station',
      'Satisfied',
      'Partly satisfied',
      'Not satisfied',
      'Total ratings',
      'Satisfied (%)',
      'Appeals',
    ]);
    expect(within(table).getByText('Ratings given from 1 Dec 2025 to 30 Nov 2026')).toBeInTheDocument();
    const [, sadar, civil, total] = within(table).getAllByRole('row');
    expect(texts(sadar!)).toEqual(['Sadar', '1', '1', '3', '5', '20.0', '2']);
    expect(texts(civil!)).toEqual(['Civil Lines', '1,23,456', '2,000', '1,544', '1,27,000', '97.2', '1,200']);
    expect(texts(total!)).toEqual(['Total', '1,23,457', '2,001', '1,547', '1,27,005', '97.2', '1,202']);
    // Each row is named by its station, for a screen reader reading across it.
    expect(within(table).getByRole('rowheader', { name: 'Civil Lines' })).toBeInTheDocument();
  });

  it('shows a dash, not 0 %, where a row has no share', async () => {
    render(() => jsonResponse(200, { ...report, rows: [row(37, '-', 0, 0, 0, null, 0)], total: row(0, 'Total', 0, 0, 0, null, 0) }));
    const table = await screen.findByRole('table', { name: "Complainants' satisfaction by police station" });
    expect(texts(within(table).getAllByRole('row')[1]!)).toEqual(['-', '0', '0', '0', '0', '-', '0']);
  });

  it('says when no rating was given in the period, under the headers, with no row of totals', async () => {
    render(() => jsonResponse(200, { ...report, rows: [], total: row(0, 'Total', 0, 0, 0, null, 0) }));
    const table = await screen.findByRole('table', { name: "Complainants' satisfaction by police station" });
    expect(within(table).getByText('No ratings in this period.')).toBeVisible();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(7);
    expect(within(table).queryByText('Total')).not.toBeInTheDocument();
  });

  it("says when the report could not be loaded, in the server's words where it has some", async () => {
    render(() => jsonResponse(500, {}, 'Internal Server Error'));
    expect(await screen.findByText('The report could not be loaded.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("names the server's refusal", async () => {
    render(() => jsonResponse(403, { error: 'You do not have permission to read reports' }, 'Forbidden'));
    expect(await screen.findByText('You do not have permission to read reports')).toBeVisible();
  });

  it('reads in Hindi: the heading, the headers, the stations and the totals', async () => {
    await act(() => setLanguage('hi'));
    render(() => jsonResponse(200, report));
    const table = await screen.findByRole('table', { name: 'थाना-वार शिकायतकर्ताओं की संतुष्टि' });
    expect(screen.getByRole('heading', { level: 2, name: 'थाना-वार शिकायतकर्ताओं की संतुष्टि' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'थाना',
      'संतुष्ट',
      'आंशिक रूप से संतुष्ट',
      'असंतुष्ट',
      'कुल प्रतिक्रियाएँ',
      'संतुष्ट (%)',
      'अपील',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(texts(rows[2]!)).toEqual(['सिविल लाइंस', '1,23,456', '2,000', '1,544', '1,27,000', '97.2', '1,200']);
    expect(texts(rows[3]!)[0]).toBe('कुल');
  });
});
