import { act, screen, within } from '@testing-library/react';
import { i18n, setLanguage } from '../../i18n';
import { makeUser } from '../../test/fixtures';
import { renderPage } from '../../test/render-page';
import { ComplianceRuleTable, ComplianceStationTable, MissedClocksTable } from './ComplianceTables';
import type { ComplianceReport } from './report-data';

const figures = (met_on_time: number, met_late: number, missed: number, running: number, compliance: number | null) => ({ met_on_time, met_late, missed, running, compliance });

const report: ComplianceReport = {
  from: '2025-12-01',
  to: '2026-11-30',
  rows: [
    { station_id: 34, station_name: 'City Kotwali', figures: figures(0, 1, 0, 1, 0) },
    { station_id: 35, station_name: 'Civil Lines', figures: figures(1, 0, 2, 1, 33.3) },
    { station_id: 36, station_name: 'Sadar', figures: figures(0, 0, 0, 3, null) },
  ],
  totals: figures(1, 1, 2, 5, 25),
  by_rule: [
    { rule: 'bnss-193-3-ii', name: 'Informant told of progress', name_hi: 'सूचनाकर्ता को अन्वेषण की प्रगति की सूचना', figures: figures(1, 1, 0, 5, 50) },
    { rule: 'bnss-184-1', name: 'Victim sent for medical examination', name_hi: 'पीड़िता को चिकित्सीय परीक्षा हेतु भेजा गया', figures: figures(0, 0, 2, 0, 0) },
  ],
  missed: [
    {
      grievance_id: 2,
      grievance_number: 'GRV-2026-000002',
      fir_no: 'CMP-2',
      station_id: 35,
      station_name: 'Civil Lines',
      rule: 'bnss-184-1',
      rule_name: 'Victim sent for medical examination',
      rule_name_hi: 'पीड़िता को चिकित्सीय परीक्षा हेतु भेजा गया',
      due_on: '2026-11-21',
      days_late: 9,
    },
  ],
  missed_more: false,
};

const hindiStations: Record<string, string> = { 'Civil Lines': 'सिविल लाइंस' };

function renderTables(r: ComplianceReport = report) {
  const station = (name: string) => (i18n.language === 'hi' ? (hindiStations[name] ?? name) : name);
  return renderPage(
    <>
      <h2 id="report-compliance">Statutory Compliance by Station</h2>
      <ComplianceStationTable report={r} labelledBy="report-compliance" station={station} />
      <ComplianceRuleTable report={r} headingId="by-clock" />
      <MissedClocksTable report={r} headingId="missed" station={station} />
    </>,
    makeUser(),
  );
}

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('the statutory compliance tables', () => {
  it('show each station, the totals, each clock rule and the clocks missed', () => {
    renderTables();
    const stations = screen.getByRole('table', { name: 'Statutory Compliance by Station' });
    expect(within(stations).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Police Station', 'Met on time', 'Met late', 'Missed', 'Running', 'Compliance (%)']);
    const [, kotwali, civil, sadar, total] = within(stations).getAllByRole('row');
    expect(cells(civil!)).toEqual(['Civil Lines', '1', '0', '2', '1', '33.3']);
    expect(cells(kotwali!)).toEqual(['City Kotwali', '0', '1', '0', '1', '0.0']);
    // Nothing fell due: no share, rather than 0 %.
    expect(cells(sadar!)).toEqual(['Sadar', '0', '0', '0', '3', '-']);
    expect(cells(total!)).toEqual(['Total', '1', '1', '2', '5', '25.0']);
    expect(within(stations).getByText('Filed from 1 Dec 2025 to 30 Nov 2026')).toBeInTheDocument();

    const rules = screen.getByRole('table', { name: 'Compliance by Clock' });
    expect(cells(within(rules).getAllByRole('row')[1]!)).toEqual(['Informant told of progress', '1', '1', '0', '5', '50.0']);
    expect(cells(within(rules).getAllByRole('row')[2]!)).toEqual(['Victim sent for medical examination', '0', '0', '2', '0', '0.0']);

    const missed = screen.getByRole('table', { name: 'Clocks Missed' });
    expect(within(missed).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Grievance Number', 'FIR Number', 'Police Station', 'Clock', 'Due on', 'Days late']);
    const row = within(missed).getAllByRole('row')[1]!;
    expect(cells(row)).toEqual(['GRV-2026-000002', 'CMP-2', 'Civil Lines', 'Victim sent for medical examination', '21 Nov 2026', '9']);
    expect(within(row).getByRole('link', { name: 'GRV-2026-000002' })).toHaveAttribute('href', '/grievances/2');
    expect(screen.queryByRole('link', { name: /every grievance with a clock missed/ })).not.toBeInTheDocument();
  });

  it('say when nothing was missed, and link to the whole list when more cases missed one than are listed', () => {
    const { unmount } = renderTables({ ...report, missed: [] });
    expect(within(screen.getByRole('table', { name: 'Clocks Missed' })).getByText('No grievance filed in this period has missed a statutory clock.')).toBeVisible();
    unmount();

    renderTables({ ...report, missed_more: true });
    expect(screen.getByText(/More grievances of the period have a clock missed than are listed here\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See every grievance with a clock missed in the grievance list' })).toHaveAttribute('href', '/grievances?clock=missed');
  });

  it('read in Hindi: the headings, the rule names and the stations', async () => {
    await act(() => setLanguage('hi'));
    renderTables();
    const rules = screen.getByRole('table', { name: 'समय-सीमा-वार अनुपालन' });
    expect(within(rules).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['समय-सीमा', 'समय पर पूर्ण', 'विलंब से पूर्ण', 'चूक', 'चालू', 'अनुपालन (%)']);
    expect(within(rules).getByText('सूचनाकर्ता को अन्वेषण की प्रगति की सूचना')).toBeInTheDocument();
    const missed = screen.getByRole('table', { name: 'चूकी हुई समय-सीमाएँ' });
    expect(within(missed).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['शिकायत संख्या', 'एफ़आईआर संख्या', 'थाना', 'समय-सीमा', 'नियत तिथि', 'विलंब (दिन)']);
    const row = within(missed).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('पीड़िता को चिकित्सीय परीक्षा हेतु भेजा गया');
    expect(row).toHaveTextContent('सिविल लाइंस');
    const stations = screen.getByRole('table', { name: 'Statutory Compliance by Station' });
    expect(within(stations).getAllByRole('row').at(-1)).toHaveTextContent(/^कुल/);
  });
});
