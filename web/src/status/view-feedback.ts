// The rating of a disposal: under a shown case, or on its own from the closure SMS's link.
import type { Rating } from './api';
import { errorArea, field, h, submitButton } from './dom';
import { t, type Lang } from './i18n';
import type { State } from './state';
import { stepHeading } from './view-steps';

const RATINGS: Rating[] = ['satisfied', 'partly', 'not_satisfied'];

/** What "not satisfied" does: within the reopen window when the page knows it (`days`). */
function notSatisfiedHint(lang: Lang, days: number | null): string {
  return days === null ? t(lang, 'feedback.notSatisfiedHintPlain') : t(lang, 'feedback.notSatisfiedHint', { days: String(days) });
}

function choice(lang: Lang, rating: Rating, checked: boolean, days: number | null): HTMLElement {
  const id = `rating-${rating}`;
  const radio = h('input', { type: 'radio', name: 'rating', value: rating, id });
  radio.checked = checked;
  // What "not satisfied" does is said beside it, before it is chosen.
  const hint = rating === 'not_satisfied' ? h('p', { class: 'hint', id: `${id}-hint` }, notSatisfiedHint(lang, days)) : null;
  if (hint) radio.setAttribute('aria-describedby', hint.id);
  return h('div', { class: 'choice' }, radio, h('label', { for: id }, t(lang, `feedback.${rating}`)), hint);
}

/**
 * The rating form, or the thanks once it is sent. The thanks' place is there from the start,
 * empty, so that screen readers announce the words put in it.
 */
export function feedbackBody({ lang, fields }: State, thanked: boolean, days: number | null): HTMLElement[] {
  const thanks = h('p', { id: 'thanks', class: 'thanks', role: 'status', tabindex: '-1' }, thanked ? t(lang, 'feedback.thanks') : null);
  if (thanked) return [thanks];
  const comment = h('textarea', { name: 'comment', rows: '4', maxlength: '1000' });
  comment.value = fields.comment;
  const form = h(
    'form',
    { id: 'feedback-form', novalidate: true },
    h('fieldset', {}, h('legend', {}, t(lang, 'feedback.legend')), ...RATINGS.map((r) => choice(lang, r, fields.rating === r, days))),
    field('comment', t(lang, 'feedback.comment'), t(lang, 'feedback.commentHint'), comment),
    errorArea('feedback-error'),
    submitButton(t(lang, 'feedback.submit')),
  );
  return [form, thanks];
}

/** Under a shown case, whose disposal may be rated; `days` the reopen window it gave. */
export function feedbackSection(state: State, thanked: boolean, days: number): HTMLElement {
  return h(
    'section',
    { class: 'feedback', 'aria-labelledby': 'feedback-heading' },
    h('h3', { id: 'feedback-heading' }, t(state.lang, 'feedback.heading')),
    ...feedbackBody(state, thanked, days),
  );
}

/** The closure SMS's link: the rating straight away, and the way to the status page. */
export function linkScreen(state: State, thanked: boolean, days: number | null): HTMLElement {
  const { lang } = state;
  return h(
    'section',
    { 'aria-labelledby': 'step-heading' },
    stepHeading(t(lang, 'feedback.heading')),
    h('p', {}, t(lang, 'feedback.intro')),
    ...feedbackBody(state, thanked, days),
    h('p', { class: 'more' }, h('a', { href: lang === 'hi' ? '/status?lang=hi' : '/status' }, t(lang, 'feedback.checkStatus'))),
  );
}
