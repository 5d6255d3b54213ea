// The status page: its screens, the requests behind them, and where the focus goes. The page
// draws a screen again when its language changes, from the state, so nothing typed is lost.
import { createApi, Failure, type Api, type FeedbackBy } from './api';
import { describedBy, h } from './dom';
import { isMobileNumber, latinDigits, minutesAndSeconds } from './format';
import { chooseLanguage, failureText, t, type Key, type Lang } from './i18n';
import { emptyFields, type FieldName, type Problem, type Screen, type State } from './state';
import { caseScreen } from './view-case';
import { linkScreen } from './view-feedback';
import { codeScreen, lookupScreen } from './view-steps';

export interface AppOptions {
  /** The address's query: `?feedback=` opens the rating form, `?lang=` the language. */
  search: string;
  browserLanguage?: string;
  api?: Api;
  /** Told of a change of language, to keep it in the address. */
  onLanguage?: (lang: Lang) => void;
}

const LANGUAGES: [Lang, string][] = [
  ['en', 'English'],
  ['hi', 'हिंदी'],
];

/** The control an error's code is about. */
function fieldOf(code: string | undefined): FieldName | undefined {
  if (code === 'STATUS_CODE_WRONG' || code === 'STATUS_CODE_INVALID' || code === 'STATUS_CODE_ATTEMPTS_USED') return 'code';
  if (code === 'MOBILE_INVALID') return 'mobile';
  if (code === 'STATUS_LOOKUP_INVALID') return 'number';
  if (code === 'RATING_INVALID') return 'rating';
  return undefined;
}

function said(key: Key, field?: FieldName): Problem {
  return { text: (lang) => t(lang, key), field };
}

export function createApp(root: HTMLElement, options: AppOptions): { destroy: () => void } {
  const api = options.api ?? createApi();
  const token = new URLSearchParams(options.search).get('feedback')?.trim();
  const state: State = {
    lang: chooseLanguage(options.search, options.browserLanguage),
    screen: token ? { name: 'link', token, thanked: false, days: null } : { name: 'lookup' },
    fields: emptyFields(),
    notice: null,
    problem: null,
    busy: false,
  };
  let timer: ReturnType<typeof setInterval> | undefined;

  const brand = h('p', { class: 'brand' });
  const buttons = LANGUAGES.map(([lang, name]) => h('button', { type: 'button', lang, 'data-lang': lang }, name));
  const languages = h('div', { class: 'langs', role: 'group' }, buttons[0], h('span', { 'aria-hidden': 'true' }, '|'), buttons[1]);
  const title = h('h1', {});
  // The server's neutral words after a code is asked for; there from the start, so announced.
  const notice = h('p', { class: 'notice', role: 'status' });
  const screen = h('div', { class: 'screen' });
  root.replaceChildren(h('header', { class: 'bar' }, brand, languages), h('main', {}, title, notice, screen));

  function build(): HTMLElement {
    const current = state.screen;
    switch (current.name) {
      case 'lookup':
        return lookupScreen(state);
      case 'code':
        return codeScreen(state);
      case 'case':
        return caseScreen(state, current.view, current.thanked);
      case 'link':
        return linkScreen(state, current.thanked, current.days);
    }
  }

  function render() {
    const { lang } = state;
    document.documentElement.lang = lang;
    document.title = `${t(lang, 'title')} – ${t(lang, 'brand')}`;
    brand.textContent = t(lang, 'brand');
    title.textContent = t(lang, 'title');
    languages.setAttribute('aria-label', t(lang, 'language'));
    for (const button of buttons) button.setAttribute('aria-pressed', String(button.dataset.lang === lang));
    notice.textContent = state.notice?.(lang) ?? '';
    screen.replaceChildren(build());
    showProblem();
    showBusy();
    countdown();
  }

  /** The problem in the form's message area, and its control marked invalid. */
  function showProblem() {
    const area = screen.querySelector<HTMLElement>('[data-error]');
    for (const control of screen.querySelectorAll('[aria-invalid]')) {
      control.removeAttribute('aria-invalid');
      if (area) describedBy(control, area.id, false);
    }
    if (!area) return;
    const { problem } = state;
    area.textContent = problem ? problem.text(state.lang) : '';
    if (!problem?.field) return;
    for (const control of screen.querySelectorAll(`[name="${problem.field}"]`)) {
      control.setAttribute('aria-invalid', 'true');
      describedBy(control, area.id);
    }
  }

  function focusProblem() {
    const field = state.problem?.field;
    const controls = field ? [...screen.querySelectorAll<HTMLInputElement>(`[name="${field}"]`)] : [];
    const target = controls.find((c) => c.checked) ?? controls[0] ?? screen.querySelector<HTMLElement>('button[type="submit"]');
    target?.focus();
  }

  function complain(problem: Problem) {
    state.problem = problem;
    showProblem();
    focusProblem();
  }

  /** While a request runs its buttons are disabled, and the form's main one says to wait. */
  function showBusy() {
    screen.setAttribute('aria-busy', String(state.busy));
    for (const button of screen.querySelectorAll('button')) {
      button.disabled = state.busy;
      const label = button.dataset.label;
      if (label) button.textContent = state.busy ? t(state.lang, 'wait') : label;
    }
  }

  function countdown() {
    clearInterval(timer);
    timer = undefined;
    const current = state.screen;
    const time = screen.querySelector('#code-time');
    if (current.name !== 'code' || !time) return;
    const show = () => {
      const left = current.expiresAt - Date.now();
      time.textContent = left > 0 ? t(state.lang, 'code.timeLeft', { time: minutesAndSeconds(left) }) : t(state.lang, 'code.expired');
      if (left <= 0) clearInterval(timer);
    };
    show();
    timer = setInterval(show, 1000);
  }

  function go(next: Screen) {
    state.screen = next;
    state.problem = null;
    render();
    screen.querySelector<HTMLElement>('#step-heading')?.focus();
  }

  async function run(work: () => Promise<void>) {
    if (state.busy) return;
    state.busy = true;
    state.problem = null;
    showProblem();
    showBusy();
    try {
      await work();
    } catch (error) {
      if (!(error instanceof Failure)) throw error;
      state.problem = { text: (lang) => failureText(lang, error), field: fieldOf(error.code) };
    } finally {
      state.busy = false;
      showBusy();
    }
    if (state.problem) {
      showProblem();
      focusProblem();
    }
  }

  function askForCode() {
    const number = latinDigits(state.fields.number).trim();
    const mobile = latinDigits(state.fields.mobile).trim();
    if (!number) return complain(said('lookup.numberMissing', 'number'));
    if (!isMobileNumber(mobile)) return complain(said('error.MOBILE_INVALID', 'mobile'));
    return run(async () => {
      const sent = await api.requestCode(number, mobile);
      // The server's own words in English; the same words in Hindi.
      state.notice = (lang) => (lang === 'en' && sent.message ? sent.message : t(lang, 'code.sent'));
      state.fields.code = '';
      go({ name: 'code', challenge: sent.challenge, expiresAt: Date.now() + sent.expires_in * 1000 });
    });
  }

  function showCase(challenge: string) {
    const code = latinDigits(state.fields.code).replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return complain(said('error.STATUS_CODE_INVALID', 'code'));
    return run(async () => {
      const view = await api.showStatus(challenge, code);
      state.notice = null;
      state.fields = { ...state.fields, code: '', rating: '', comment: '' };
      go({ name: 'case', view, thanked: false });
    });
  }

  function giveFeedback(current: Extract<Screen, { name: 'case' | 'link' }>) {
    const rating = state.fields.rating;
    if (!rating) return complain(said('error.RATING_INVALID', 'rating'));
    const by: FeedbackBy = current.name === 'link' ? { token: current.token } : { access: current.view.access };
    return run(async () => {
      await api.giveFeedback(by, rating, state.fields.comment.trim());
      current.thanked = true;
      // In place: the thanks' live region is already there, and is announced as it fills.
      screen.querySelector('#feedback-form')?.remove();
      const thanks = screen.querySelector<HTMLElement>('#thanks');
      if (thanks) {
        thanks.textContent = t(state.lang, 'feedback.thanks');
        thanks.focus();
      }
    });
  }

  /**
   * Back to the first step for a new code ("Ask for a new code", "Check another grievance"),
   * with the number and mobile as typed: a view that has ended wants the same ones again.
   */
  function backToLookup() {
    state.notice = null;
    state.fields = { ...emptyFields(), number: state.fields.number, mobile: state.fields.mobile };
    go({ name: 'lookup' });
  }

  // What is typed is kept as it is typed: a change of language draws the screen again from it.
  // Radios tell of a choice by 'change' in some browsers, by 'input' in others.
  const remember = (event: Event) => {
    const control = event.target as HTMLInputElement | HTMLTextAreaElement;
    const name = control.name;
    if (!(name in state.fields) || (control instanceof HTMLInputElement && control.type === 'radio' && !control.checked)) return;
    (state.fields as unknown as Record<string, string>)[name] = control.value;
  };
  root.addEventListener('input', remember);
  root.addEventListener('change', remember);
  root.addEventListener('submit', (event) => {
    event.preventDefault();
    const current = state.screen;
    const form = (event.target as HTMLElement).id;
    if (form === 'lookup-form') void askForCode();
    else if (form === 'code-form' && current.name === 'code') void showCase(current.challenge);
    else if (form === 'feedback-form' && (current.name === 'case' || current.name === 'link')) void giveFeedback(current);
  });
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest('button');
    if (!button || button.disabled) return;
    const { lang, action } = button.dataset;
    if (lang === 'en' || lang === 'hi') {
      if (lang === state.lang) return;
      state.lang = lang;
      options.onLanguage?.(lang);
      render();
    } else if (action === 'lookup') {
      backToLookup();
    }
  });

  render();
  // A page opened from a feedback link learns the reopen window, for what "not satisfied"
  // does; its words change in place, so nothing typed or focused is disturbed.
  if (state.screen.name === 'link') {
    api.settings().then(
      ({ reopenWindowDays }) => {
        if (state.screen.name !== 'link') return;
        state.screen = { ...state.screen, days: reopenWindowDays };
        const hint = screen.querySelector('#rating-not_satisfied-hint');
        if (hint) hint.textContent = t(state.lang, 'feedback.notSatisfiedHint', { days: String(reopenWindowDays) });
      },
      // Without it the page says "soon after the disposal".
      () => undefined,
    );
  }
  return { destroy: () => clearInterval(timer) };
}
