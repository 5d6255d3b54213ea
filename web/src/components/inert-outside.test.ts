import { inertOutside } from './inert-outside';

afterEach(() => document.body.replaceChildren());

describe('inertOutside', () => {
  it('makes everything beside the menu and its ancestors inert, and undoes only that', () => {
    document.body.innerHTML = `
      <div id="root">
        <header><a href="/">Home</a></header>
        <main>
          <button id="trigger">Case file</button>
          <div id="wrapper"><div id="menu" role="menu"></div></div>
          <p id="kept" inert></p>
        </main>
        <div id="live" aria-live="polite"></div>
      </div>
      <span id="guard" tabindex="0"></span>
      <script></script>`;
    const undo = inertOutside(document.getElementById('menu'));
    const inert = () => [...document.querySelectorAll('[inert]')].map((e) => e.id || e.tagName.toLowerCase());
    expect(inert().sort()).toEqual(['guard', 'header', 'kept', 'trigger']);
    undo!();
    // The paragraph that was inert before stays so.
    expect(inert()).toEqual(['kept']);
  });

  it('does nothing for a menu that has gone', () => {
    expect(inertOutside(null)).toBeUndefined();
  });
});
