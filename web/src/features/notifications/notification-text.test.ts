import { makeNotice } from '../../test/fixtures';
import { badgeText, bellLabel, notificationText } from './notification-text';

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
