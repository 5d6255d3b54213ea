// Recent Activity groups a run of like events on one case after another into one line.
import type { Activity } from '../../api/types';
import { setLanguage } from '../../i18n';
import { activityLineText, groupActivities, type ActivityLine } from './activity-groups';
import { activityParams } from './dashboard-figures';

/** An activity as the server sends it: its English sentence built from its values. */
function activity(action: string, params: Record<string, string>, template: string, createdAt = '2025-03-01T02:00:00Z'): Activity {
  const description = Object.entries(params).reduce((text, [name, value]) => text.replace(`{${name}}`, value), template);
  return { action, code: `ACTIVITY_${action}`, params, description, timeAgo: '5 minutes ago', color: 'purple', createdAt };
}

const escalated = (number: string, level = 'state') => activity('ESCALATED', { number, new: level }, '{number} was escalated to the {new} level');
const note = (who: string, number: string) => activity('NOTE_ADDED', { who, number }, '{who} added a case note to {number}');
const limit = (who: string) => activity('TRANSFER_LIMIT_CHANGED', { who }, '{who} changed the transfer limit');

const shape = (lines: ActivityLine[]) => lines.map((line) => [line.activity.description, line.count, line.numbers.join(' ')]);

describe('grouping recent activity', () => {
  it('makes a run of the same action by the same user, alike but for the case number, one line with a count', () => {
    const run = Array.from({ length: 37 }, (_, index) => escalated(`GRV-2025-${String(index + 1).padStart(6, '0')}`));
    const lines = groupActivities([note('Asha Verma', 'GRV-9'), ...run, note('Asha Verma', 'GRV-8')]);
    expect(lines.map((line) => line.count)).toEqual([1, 37, 1]);
    expect(lines[1].activity).toBe(run[0]);
    expect(lines[1].numbers).toHaveLength(37);
    expect(lines[1].numbers[0]).toBe('GRV-2025-000001');
  });

  it('groups only neighbours: the same event again after another one starts a new line', () => {
    const lines = groupActivities([escalated('GRV-1'), escalated('GRV-2'), note('Asha Verma', 'GRV-9'), escalated('GRV-3')]);
    expect(shape(lines)).toEqual([
      ['GRV-1 was escalated to the state level', 2, 'GRV-1 GRV-2'],
      ['Asha Verma added a case note to GRV-9', 1, 'GRV-9'],
      ['GRV-3 was escalated to the state level', 1, 'GRV-3'],
    ]);
  });

  it('keeps apart what differs besides the case number: the level, the user, the action', () => {
    expect(groupActivities([escalated('GRV-1', 'state'), escalated('GRV-2', 'range')])).toHaveLength(2);
    expect(groupActivities([note('Asha Verma', 'GRV-1'), note('Ravi Kumar', 'GRV-2')])).toHaveLength(2);
    const closed = activity('CLOSED', { who: 'Asha Verma', number: 'GRV-2' }, '{who} closed {number}');
    const resolved = activity('RESOLVED', { who: 'Asha Verma', number: 'GRV-3' }, '{who} closed {number}');
    expect(groupActivities([closed, resolved])).toHaveLength(2);
  });

  it('does not count one case twice, nor group events that name no case', () => {
    expect(shape(groupActivities([note('Asha Verma', 'GRV-1'), note('Asha Verma', 'GRV-1'), note('Asha Verma', 'GRV-2')]))).toEqual([
      ['Asha Verma added a case note to GRV-1', 1, 'GRV-1'],
      ['Asha Verma added a case note to GRV-1', 2, 'GRV-1 GRV-2'],
    ]);
    expect(groupActivities([limit('E2E Admin'), limit('E2E Admin')]).map((line) => line.count)).toEqual([1, 1]);
  });

  it('takes activities without values, and none at all', () => {
    const bare = { description: 'Filed GRV-1', timeAgo: '', color: 'green', action: 'CREATED', createdAt: '' } as Activity;
    expect(groupActivities([bare, bare]).map((line) => line.count)).toEqual([1, 1]);
    expect(groupActivities(undefined)).toEqual([]);
  });
});

describe('a grouped line in words', () => {
  const named = (_kind: string, name: string) => name;
  const sentence = (item: Activity) => item.description;
  const params = (item: Activity) => activityParams(item, named);
  const run = (items: Activity[]) => groupActivities(items)[0];

  afterEach(() => setLanguage('en'));

  it('says an escalation run as one sentence with the count, in English and in Hindi', async () => {
    const line = run(Array.from({ length: 37 }, (_, index) => escalated(`GRV-${index}`)));
    expect(activityLineText(line, sentence, params)).toBe('Escalation: 37 grievances escalated to the state level');
    const thousands = run(Array.from({ length: 1200 }, (_, index) => escalated(`GRV-${index}`, 'district')));
    expect(activityLineText(thousands, sentence, params)).toBe('Escalation: 1,200 grievances escalated to the district level');
    await setLanguage('hi');
    expect(activityLineText(line, sentence, params)).toBe('उच्च स्तर को प्रेषण: 37 शिकायतें राज्य स्तर पर भेजी गईं');
  });

  it('says any other run as its newest sentence and how many more like it', async () => {
    const line = run([note('Asha Verma', 'GRV-3'), note('Asha Verma', 'GRV-2'), note('Asha Verma', 'GRV-1')]);
    expect(activityLineText(line, sentence, params)).toBe('Asha Verma added a case note to GRV-3, and 2 more like it');
    await setLanguage('hi');
    expect(activityLineText(line, sentence, params)).toBe('Asha Verma added a case note to GRV-3, और इसी तरह 2 अन्य');
  });

  it('leaves a line of its own as its sentence', () => {
    expect(activityLineText(run([note('Asha Verma', 'GRV-3')]), sentence, params)).toBe('Asha Verma added a case note to GRV-3');
  });
});
