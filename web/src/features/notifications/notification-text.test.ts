import { setLanguage } from '../../i18n';
import { makeNotice } from '../../test/fixtures';
import type { Notice } from '../../api/types';
import { badgeText, bellLabel, digestCount, noticeLink, notificationText } from './notification-text';

const base = makeNotice();

describe('notification text', () => {
  it('counts up to 99 on the badge, then 99+; the name says the count or nothing', () => {
    expect([0, 1, 99, 100, 5000].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(1)).toBe('Notifications, 1 unread');
    expect(bellLabel(123456)).toBe('Notifications, 1,23,456 unread');
  });

  it('words an escalation without its days or its level, and a returned closure without a reason', () => {
    const escalated = { ...base, kind: 'escalated' as const, actorName: 'Escalation' };
    expect(notificationText({ ...escalated, level: 'range', daysOverdue: null })).toBe('Grievance GRV-2025-000015 was escalated to your range.');
    expect(notificationText({ ...escalated, level: null, daysOverdue: 4 })).toBe('Grievance GRV-2025-000015 was escalated.');
    expect(notificationText({ ...escalated, level: 'zone', daysOverdue: 4 })).toBe('Grievance GRV-2025-000015 was escalated.');
    expect(notificationText({ ...base, kind: 'closure_returned', reason: '  ' })).toBe('Ravi Kumar returned your closure of grievance GRV-2025-000015.');
  });

  it('tells the approvers at an appeal\'s level that the complainant is not satisfied', () => {
    const appeal = { ...base, kind: 'appeal_opened' as const, actorName: 'Complainant', level: 'district' };
    expect(notificationText(appeal)).toBe('The complainant of grievance GRV-2025-000015 is not satisfied with its disposal: the appeal is for your district to decide.');
    expect(notificationText({ ...appeal, level: null })).toBe('There is news of grievance GRV-2025-000015.');
  });

  it('names the status a change set, in the reader\'s words for it', () => {
    const changed = { ...base, kind: 'status_changed' as const, statusId: 2, status: 'Under Investigation' };
    expect(notificationText(changed)).toBe('Ravi Kumar changed the status of grievance GRV-2025-000015 to Under Investigation.');
    const hindi = (name: string) => (name === 'Under Investigation' ? 'विवेचनाधीन' : name);
    expect(notificationText(changed, hindi)).toBe('Ravi Kumar changed the status of grievance GRV-2025-000015 to विवेचनाधीन.');
    expect(notificationText({ ...changed, status: null })).toBe('There is news of grievance GRV-2025-000015.');
  });

  it('names someone when the actor has no name, and still words a kind it does not know', () => {
    expect(notificationText({ ...base, actorName: ' ' })).toBe('Someone assigned grievance GRV-2025-000015 to you.');
    expect(notificationText({ ...base, kind: 'transferred' as never })).toBe('There is news of grievance GRV-2025-000015.');
  });
});

describe('digest notices', () => {
  const digest = (overrides: Partial<Notice>): Notice => ({ ...base, grievanceId: 0, grievanceNumber: '', actorName: 'Escalation', ...overrides });
  const escalated = (level: string | null, count: number) => digest({ kind: 'escalated', level, count });
  const missed = (count: number) => digest({ kind: 'clock_missed', clock: null, count });

  afterEach(() => setLanguage('en'));

  it('stand for more than one case; a count of 1, 0 or none is a notice of one grievance', () => {
    expect(digestCount(escalated('district', 37))).toBe(37);
    expect([1, 0, null, undefined].map((count) => digestCount({ ...base, count }))).toEqual([null, null, null, null]);
    expect(noticeLink({ ...base, count: 1 })).toBe('/grievances/15');
  });

  it('say how many cases went to which level, and how many missed a deadline, in English', () => {
    expect(notificationText(escalated('district', 37))).toBe('37 cases escalated to your district');
    expect(notificationText(escalated('range', 37))).toBe('37 cases escalated to your range');
    expect(notificationText(escalated('state', 37))).toBe('37 cases escalated to the state level');
    expect(notificationText(escalated(null, 3))).toBe('3 cases escalated');
    expect(notificationText(escalated('zone', 3))).toBe('3 cases escalated');
    expect(notificationText(missed(12))).toBe('12 cases missed a statutory deadline');
    expect(notificationText(missed(123456))).toBe('1,23,456 cases missed a statutory deadline');
    expect(notificationText(digest({ kind: 'assigned', count: 5 }))).toBe('There is news of 5 cases');
  });

  it('say the same in Hindi', async () => {
    await setLanguage('hi');
    expect(notificationText(escalated('district', 37))).toBe('37 मामले आपके ज़िले को प्रेषित किए गए');
    expect(notificationText(escalated('range', 37))).toBe('37 मामले आपकी रेंज को प्रेषित किए गए');
    expect(notificationText(escalated('state', 37))).toBe('37 मामले राज्य स्तर को प्रेषित किए गए');
    expect(notificationText(escalated(null, 3))).toBe('3 मामले उच्च स्तर को प्रेषित किए गए');
    expect(notificationText(missed(12))).toBe('12 मामलों में वैधानिक समय-सीमा चूक गई');
  });

  it("lead to the list's queue of what they count, not to a case", () => {
    expect(noticeLink(escalated('state', 37))).toBe('/grievances?escalated=me');
    expect(noticeLink(missed(12))).toBe('/grievances?clock=missed');
    expect(noticeLink(digest({ kind: 'assigned', count: 5 }))).toBe('/grievances');
  });
});
