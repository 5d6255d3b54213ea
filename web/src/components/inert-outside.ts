// An open menu (Amplify's Menu, a modal Radix dropdown) hides the rest of the page from
// assistive technology with aria-hidden and keeps Tab inside itself, but leaves the page's
// links and buttons focusable: a screen reader's own navigation could still land on a control
// it cannot name (axe's aria-hidden-focus). `inert` on the same elements takes them out of
// focus as well, for as long as the menu is open.

/** Tags that are never shown or focused: left alone. */
const LEFT_ALONE = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'LINK', 'META']);

/**
 * A callback ref for the open menu's content (Menu hands its ref to the items' group): makes
 * every element beside the menu and beside each of its ancestors up to <body> inert, and
 * undoes exactly that when the menu closes. Live regions keep speaking, as aria-hidden leaves them.
 */
export function inertOutside(menu: HTMLElement | null): (() => void) | undefined {
  if (!menu) return undefined;
  const made: Element[] = [];
  for (let inside: Element = menu; inside !== document.body && inside.parentElement; inside = inside.parentElement) {
    for (const beside of inside.parentElement.children) {
      if (beside === inside || LEFT_ALONE.has(beside.tagName) || beside.hasAttribute('inert') || beside.hasAttribute('aria-live')) continue;
      beside.setAttribute('inert', '');
      made.push(beside);
    }
  }
  // Before the menu hands focus back to its button (after it has gone), which an inert page would refuse.
  return () => {
    for (const element of made) element.removeAttribute('inert');
  };
}
