// A case as the citizen may see it. A sensitive case (BNS s.72) shows its status alone: the
// server sends nothing more, and the page says why.
import type { CitizenView } from './api';
import { h, type Child } from './dom';
import { formatDay, formatMoment, nextDueText } from './format';
import { isKey, t, type Key, type Lang } from './i18n';
import type { State } from './state';
import { feedbackSection } from './view-feedback';
import { stepHeading } from './view-steps';

/** The stage in the page's language: the server names it in English. */
function stageName(lang: Lang, stage: string): string {
  const key = `stage.${stage}`;
  return isKey(key) ? t(lang, key) : stage;
}

function facts(lang: Lang, view: CitizenView): [Key, Child | Child[]][] {
  // The Admin Panel's Hindi name of the status, when it has one.
  const status = lang === 'hi' && view.statusHi ? view.statusHi : view.status;
  const rows: [Key, Child | Child[]][] = [['case.status', status]];
  if (view.sensitive) return rows;
  if (view.policeStation) rows.push(['case.station', view.policeStation]);
  if (view.stage) {
    const stage = stageName(lang, view.stage);
    rows.push(['case.stage', view.stageSince ? t(lang, 'case.stageSince', { stage, date: formatDay(view.stageSince, lang) }) : stage]);
  }
  const progress = view.lastProgress;
  rows.push([
    'case.progress',
    progress
      ? [h('span', { class: 'said' }, progress.text), h('span', { class: 'when' }, t(lang, 'case.progressOn', { date: formatMoment(progress.at, lang) }))]
      : t(lang, 'case.noProgress'),
  ]);
  rows.push(['case.nextDue', view.nextDue ? nextDueText(view.nextDue, lang) : t(lang, 'case.noNextDue')]);
  return rows;
}

export function caseScreen(state: State, view: CitizenView, thanked: boolean): HTMLElement {
  const { lang } = state;
  const list = h('dl', { class: 'facts' });
  for (const [key, value] of facts(lang, view)) {
    list.append(h('div', {}, h('dt', {}, t(lang, key)), h('dd', {}, ...(Array.isArray(value) ? value : [value]))));
  }
  return h(
    'section',
    { 'aria-labelledby': 'step-heading' },
    stepHeading(t(lang, 'case.heading', { number: view.grievanceNumber })),
    list,
    view.sensitive ? h('p', { class: 'note' }, t(lang, 'case.sensitive')) : null,
    view.feedbackOpen ? feedbackSection(state, thanked, view.reopenWindowDays) : null,
    h('p', { class: 'more' }, h('button', { type: 'button', class: 'secondary', 'data-action': 'lookup' }, t(lang, 'case.another'))),
  );
}
