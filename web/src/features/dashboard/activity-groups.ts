// Recent Activity's lines: a run of the same event on one case after another (an
// escalation run moving 37 grievances to the state level, say) is one line with a count,
// rather than a screen of lines that differ only in the case number.
import type { Activity } from '../../api/types';
import { i18n } from '../../i18n';

/** One line of Recent Activity: the newest activity of a run, and how many cases the run holds. */
export interface ActivityLine {
  activity: Activity;
  /** The cases of the run, newest first: one for a line of its own. */
  numbers: string[];
  count: number;
}

const numberOf = (activity: Activity): string => activity.params?.number?.trim() ?? '';
const whoOf = (activity: Activity): string => activity.params?.who?.trim() ?? '';

/** The English sentence with its case number taken out: what must match for two to be one run. */
function sentenceWithoutNumber(activity: Activity): string {
  const number = numberOf(activity);
  return activity.description.split(number).join('\u0000');
}

/**
 * Whether `next` continues the run `line` began: the same action by the same user, the same
 * sentence apart from the case number, and a case the run does not hold yet (the same case
 * twice is two events, not two cases).
 */
function continues(line: ActivityLine, next: Activity): boolean {
  const first = line.activity;
  const number = numberOf(next);
  return (
    number !== '' &&
    line.numbers.length > 0 &&
    next.action === first.action &&
    next.code === first.code &&
    whoOf(next) === whoOf(first) &&
    sentenceWithoutNumber(next) === sentenceWithoutNumber(first) &&
    !line.numbers.includes(number)
  );
}

/** The activities, newest first, with each run of consecutive like events made one line. */
export function groupActivities(list: readonly Activity[] | undefined): ActivityLine[] {
  const lines: ActivityLine[] = [];
  for (const activity of list ?? []) {
    const last = lines[lines.length - 1];
    if (last && continues(last, activity)) {
      last.numbers.push(numberOf(activity));
      last.count += 1;
      continue;
    }
    const number = numberOf(activity);
    lines.push({ activity, numbers: number ? [number] : [], count: 1 });
  }
  return lines;
}

/** The runs worded as a whole ('Escalation: 37 grievances escalated to the state level'); others say how many more. */
const RUN_SENTENCES: ReadonlySet<string> = new Set(['ACTIVITY_ESCALATED']);

/**
 * A line in the current language: an activity of its own as `sentence` words it; a run of
 * escalations as one sentence with the count; any other run as its newest activity's
 * sentence and how many more like it. `params` gives an activity's values as the reader
 * reads them.
 */
export function activityLineText(
  line: ActivityLine,
  sentence: (activity: Activity) => string,
  params: (activity: Activity) => Record<string, string>,
): string {
  const { activity, count } = line;
  if (count === 1) return sentence(activity);
  if (activity.code && RUN_SENTENCES.has(activity.code)) return i18n.t(`dashboard:activityRun.${activity.code}`, { ...params(activity), count });
  return i18n.t('dashboard:activityRun.more', { sentence: sentence(activity), count: count - 1 });
}
