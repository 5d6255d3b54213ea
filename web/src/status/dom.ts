// Building the page's elements. Text is always added as text nodes, never as HTML: a progress
// update or a station's name is shown as written, whatever it holds.

export type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | boolean | null | undefined>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

/** A control with its label above it and a hint below the label, described by the hint. */
export function field(id: string, label: string, hint: string | null, control: HTMLElement): HTMLElement {
  control.id = id;
  if (hint) control.setAttribute('aria-describedby', `${id}-hint`);
  return h('div', { class: 'field' }, h('label', { for: id }, label), hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null, control);
}

/** Adds `id` to what a control is described by, or takes it away. */
export function describedBy(control: Element, id: string, on = true): void {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter((x) => x && x !== id);
  if (on) ids.push(id);
  if (ids.length) control.setAttribute('aria-describedby', ids.join(' '));
  else control.removeAttribute('aria-describedby');
}

/** The message area of a form: announced as soon as a message is put in it. */
export function errorArea(id: string): HTMLElement {
  return h('p', { class: 'error', id, role: 'alert', 'data-error': true });
}

/** A form's main button and, while a request runs, its words for waiting. */
export function submitButton(label: string): HTMLButtonElement {
  return h('button', { type: 'submit', class: 'primary', 'data-label': label }, label);
}
