// Export lines of Recent Activity are said from the export's parts (the server
// sends its sentence in English), so that a Hindi screen shows them in Hindi.
import type { Activity } from '../../api/types';
import { setLanguage } from '../../i18n';
import { exportActivityText } from './export-activity';

const exported = (parts: Record<string, string>): Activity => ({
  action: 'EXPORTED',
  code: 'ACTIVITY_EXPORTED',
  params: { who: 'Asha Verma', what: 'the server sentence', ...parts },
  description: 'Asha Verma exported the server sentence',
  color: 'purple',
  timeAgo: '5 minutes ago',
  createdAt: '2026-01-01T00:00:00Z',
});

describe('export activity lines', () => {
  it('says what was exported, how many and where to, in English', () => {
    expect(exportActivityText(exported({ rows: '14256', kind: 'excel' }))).toBe('Asha Verma exported 14,256 grievances to Excel');
    expect(exportActivityText(exported({ rows: '1', kind: 'pdf' }))).toBe('Asha Verma exported 1 grievance to PDF');
    expect(exportActivityText(exported({ rows: '12', kind: 'officers', 'filter:District': 'North District', 'filter:Overdue': 'Yes' }))).toBe(
      'Asha Verma exported 12 investigation officer entries (filters: District: North District; Overdue only)',
    );
    expect(exportActivityText(exported({ rows: '40', kind: 'publication', 'filter:District': 'North District' }))).toBe(
      'Asha Verma exported the public list of FIRs (40 FIRs) (filters: District: North District)',
    );
  });

  it('says it in Hindi on a Hindi screen, the filter labels too, the values as typed', async () => {
    await setLanguage('hi');
    expect(exportActivityText(exported({ rows: '2', kind: 'excel', 'filter:FIR Number': 'EXP-1', 'filter:Police Station': 'Civil Lines' }))).toBe(
      'Asha Verma ने 2 शिकायतें Excel में निर्यात कीं (फ़िल्टर: एफ़आईआर संख्या: EXP-1; थाना: Civil Lines)',
    );
    expect(exportActivityText(exported({ rows: '1', kind: 'pdf' }))).toBe('Asha Verma ने 1 शिकायत PDF में निर्यात की');
    expect(exportActivityText(exported({ rows: '3', kind: 'officers', 'filter:District': 'North District' }))).toBe(
      'Asha Verma ने जाँच अधिकारियों की 3 प्रविष्टियाँ निर्यात कीं (फ़िल्टर: जिला: North District)',
    );
    expect(exportActivityText(exported({ rows: '1', kind: 'publication' }))).toBe('Asha Verma ने एफ़आईआर की सार्वजनिक सूची (1 एफ़आईआर) निर्यात की');
    // A filter it does not know is said to be there, not shown in English.
    expect(exportActivityText(exported({ rows: '3', kind: 'pdf', 'filter:Something new': 'x' }))).toBe('Asha Verma ने 3 शिकायतें PDF में निर्यात कीं (फ़िल्टर सहित)');
  });

  it("leaves other actions, and exports without their parts, to the server's sentence", () => {
    expect(exportActivityText({ ...exported({ rows: '2', kind: 'excel' }), action: 'CREATED' })).toBeNull();
    expect(exportActivityText(exported({}))).toBeNull();
    expect(exportActivityText(exported({ rows: '2', kind: 'zip' }))).toBeNull();
  });
});
