// Export lines of Recent Activity are rebuilt from the record's parts, so that a
// Hindi screen shows them in Hindi (the server sends the notes in English).
import type { Activity } from '../../api/types';
import { setLanguage } from '../../i18n';
import { exportActivityText } from './export-activity';

const exported = (what: string): Activity => ({
  action: 'EXPORTED',
  code: 'ACTIVITY_EXPORTED',
  params: { who: 'Asha Verma', what },
  description: `Asha Verma exported ${what}`,
  color: 'purple',
  timeAgo: '5 minutes ago',
  createdAt: '2026-01-01T00:00:00Z',
});

describe('export activity lines', () => {
  it('says what was exported, how many and where to, in English', () => {
    expect(exportActivityText(exported('14256 grievances to Excel (filters: None (all grievances visible to the user))'))).toBe(
      'Asha Verma exported 14,256 grievances to Excel',
    );
    expect(exportActivityText(exported('1 grievances to PDF (filters: None (all grievances visible to the user))'))).toBe(
      'Asha Verma exported 1 grievance to PDF',
    );
    expect(exportActivityText(exported('12 officer entries to Officers (filters: District: North District; Overdue: Yes)'))).toBe(
      'Asha Verma exported 12 investigation officer entries (filters: District: North District; Overdue only)',
    );
  });

  it('says it in Hindi on a Hindi screen, the filter labels too, whatever language the export was in', async () => {
    await setLanguage('hi');
    expect(exportActivityText(exported('2 grievances to Excel (filters: FIR Number: EXP-1; Police Station: Civil Lines)'))).toBe(
      'Asha Verma ने 2 शिकायतें Excel में निर्यात कीं (फ़िल्टर: एफ़आईआर संख्या: EXP-1; थाना: Civil Lines)',
    );
    expect(exportActivityText(exported('1 grievances to PDF (filters: कोई नहीं (उपयोगकर्ता को दिखने वाली सभी शिकायतें))'))).toBe(
      'Asha Verma ने 1 शिकायत PDF में निर्यात की',
    );
    expect(exportActivityText(exported('3 officer entries to Officers (filters: ज़िला: North District)'))).toBe(
      'Asha Verma ने जाँच अधिकारियों की 3 प्रविष्टियाँ निर्यात कीं (फ़िल्टर: जिला: North District)',
    );
    // Filters it cannot read are said to be there, not shown in English.
    expect(exportActivityText(exported('3 grievances to PDF (filters: Something new: x)'))).toBe('Asha Verma ने 3 शिकायतें PDF में निर्यात कीं (फ़िल्टर सहित)');
  });

  it("leaves other actions, and notes of another shape, to the server's sentence", () => {
    expect(exportActivityText({ ...exported('2 grievances to Excel (filters: none)'), action: 'CREATED' })).toBeNull();
    expect(exportActivityText(exported('a new kind of note'))).toBeNull();
  });
});
