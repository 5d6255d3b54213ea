// The two steps before a case is shown: the grievance number and mobile, then the code.
import { errorArea, field, h, submitButton } from './dom';
import { t } from './i18n';
import type { State } from './state';

/** The step's heading, which takes the focus when the step opens. */
export function stepHeading(text: string): HTMLHeadingElement {
  return h('h2', { id: 'step-heading', tabindex: '-1' }, text);
}

export function lookupScreen({ lang, fields }: State): HTMLElement {
  const number = h('input', { name: 'number', type: 'text', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false' });
  number.value = fields.number;
  const mobile = h('input', { name: 'mobile', type: 'tel', inputmode: 'tel', autocomplete: 'tel' });
  mobile.value = fields.mobile;
  return h(
    'section',
    { 'aria-labelledby': 'step-heading' },
    stepHeading(t(lang, 'lookup.heading')),
    h('p', {}, t(lang, 'lookup.intro')),
    h(
      'form',
      { id: 'lookup-form', novalidate: true },
      field('number', t(lang, 'lookup.number'), t(lang, 'lookup.numberHint'), number),
      field('mobile', t(lang, 'lookup.mobile'), t(lang, 'lookup.mobileHint'), mobile),
      errorArea('lookup-error'),
      submitButton(t(lang, 'lookup.submit')),
    ),
  );
}

export function codeScreen({ lang, fields }: State): HTMLElement {
  const code = h('input', {
    name: 'code',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: '6',
    class: 'code',
  });
  code.value = fields.code;
  // The countdown is read with the box's description, not announced each second.
  const time = h('span', { id: 'code-time' });
  const input = field('code', t(lang, 'code.label'), null, code);
  input.append(h('p', { class: 'hint', id: 'code-hint' }, time));
  code.setAttribute('aria-describedby', 'code-hint');
  return h(
    'section',
    { 'aria-labelledby': 'step-heading' },
    stepHeading(t(lang, 'code.heading')),
    h(
      'form',
      { id: 'code-form', novalidate: true },
      input,
      errorArea('code-error'),
      h(
        'div',
        { class: 'actions' },
        submitButton(t(lang, 'code.submit')),
        h('button', { type: 'button', class: 'secondary', 'data-action': 'lookup' }, t(lang, 'code.again')),
      ),
    ),
  );
}
