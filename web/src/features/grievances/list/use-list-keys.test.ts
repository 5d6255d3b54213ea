import { act, fireEvent, renderHook } from '@testing-library/react';
import { shortcutOf, useListKeys, type ListKeyHandlers } from './use-list-keys';

function setUp(overrides: Partial<ListKeyHandlers> = {}) {
  const handlers = {
    onSearch: vi.fn<() => void>(),
    onRow: vi.fn<(index: number) => void>(),
    onOpen: vi.fn<(index: number) => void>(),
    onNew: vi.fn<() => void>(),
    onHelp: vi.fn<() => void>(),
  };
  const props: ListKeyHandlers = { rowCount: 3, rowsKey: '/grievances?limit=50&view=summary', ...handlers, ...overrides };
  const hook = renderHook((current: ListKeyHandlers) => useListKeys(current), { initialProps: props });
  return { ...hook, handlers, props };
}

/** Presses `key` in `target` (the page itself when none); answers whether the page kept the key from its default. */
function press(key: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  let kept = false;
  act(() => {
    kept = !fireEvent.keyDown(target, { key, ...init });
  });
  return kept;
}

/** An element of `html` put on the page, for a key to be pressed in. */
function onPage(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as HTMLElement;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the grievance list keyboard', () => {
  it("moves down with 'j' and up with 'k', from the first row, no further than the ends", () => {
    const { result, handlers } = setUp();
    expect(result.current.current).toBeNull();
    expect(press('j')).toBe(true);
    expect(handlers.onRow).toHaveBeenLastCalledWith(0);
    expect(result.current.current).toBe(0);
    press('j');
    press('j');
    press('j');
    expect(handlers.onRow.mock.calls.map(([index]) => index)).toEqual([0, 1, 2, 2]);
    expect(result.current.current).toBe(2);
    press('k');
    expect(result.current.current).toBe(1);
    press('k');
    press('k');
    expect(result.current.current).toBe(0);
  });

  it('opens the row reached on Enter, and nothing before a row is reached', () => {
    const { handlers } = setUp();
    expect(press('Enter')).toBe(false);
    expect(handlers.onOpen).not.toHaveBeenCalled();
    press('j');
    press('j');
    expect(press('Enter')).toBe(true);
    expect(handlers.onOpen).toHaveBeenCalledWith(1);
  });

  it('leaves Enter to the link or button it is pressed on', () => {
    const { handlers } = setUp();
    press('j');
    expect(press('Enter', onPage('<button type="button">Load more</button>'))).toBe(false);
    expect(press('Enter', onPage('<a href="/grievances/12">GRV-2025-000012</a>'))).toBe(false);
    expect(handlers.onOpen).not.toHaveBeenCalled();
  });

  it("goes to the search box on '/', keeping the '/' out of it, and shows the shortcuts on '?'", () => {
    const { handlers } = setUp();
    expect(press('/')).toBe(true);
    expect(handlers.onSearch).toHaveBeenCalledTimes(1);
    expect(press('?', document.body, { shiftKey: true, code: 'Slash' })).toBe(true);
    expect(handlers.onHelp).toHaveBeenCalledTimes(1);
  });

  it("starts a new case on 'c' only for a user who may create one", () => {
    const { handlers, unmount } = setUp();
    expect(press('c')).toBe(true);
    expect(handlers.onNew).toHaveBeenCalledTimes(1);
    unmount();

    const reader = setUp({ onNew: undefined });
    expect(press('c')).toBe(false);
    expect(reader.handlers.onSearch).not.toHaveBeenCalled();
  });

  it.each([
    ['an input', '<input type="text" />'],
    ['a search box', '<input type="search" />'],
    ['a textarea', '<textarea></textarea>'],
    ['a select', '<select><option>Pending</option></select>'],
    ['editable text', '<div contenteditable="true"><p>note</p></div>'],
  ])('fires nothing while typing in %s', (_, html) => {
    const { handlers, result } = setUp();
    const box = onPage(html);
    const target = box.querySelector('p') ?? box;
    for (const key of ['/', 'j', 'k', 'c', '?', 'Enter']) expect(press(key, target)).toBe(false);
    expect(result.current.current).toBeNull();
    for (const handler of [handlers.onSearch, handlers.onRow, handlers.onOpen, handlers.onNew, handlers.onHelp]) {
      expect(handler).not.toHaveBeenCalled();
    }
  });

  it.each([['ctrlKey'], ['metaKey'], ['altKey']])('fires nothing with %s held', (modifier) => {
    const { handlers } = setUp();
    for (const key of ['/', 'j', 'k', 'c', '?']) expect(press(key, document.body, { [modifier]: true })).toBe(false);
    expect(handlers.onSearch).not.toHaveBeenCalled();
    expect(handlers.onRow).not.toHaveBeenCalled();
    expect(handlers.onNew).not.toHaveBeenCalled();
    expect(handlers.onHelp).not.toHaveBeenCalled();
  });

  it('fires nothing while a dialog or a menu holds the keyboard', () => {
    const { handlers } = setUp();
    press('j', onPage('<div role="menu"><button role="menuitem">View</button></div>').querySelector('button')!);
    const dialog = onPage('<dialog open><button>Close</button></dialog>');
    press('j');
    press('?');
    expect(handlers.onRow).not.toHaveBeenCalled();
    expect(handlers.onHelp).not.toHaveBeenCalled();
    dialog.remove();
    press('j');
    expect(handlers.onRow).toHaveBeenCalledWith(0);
  });

  it('forgets the row reached when the rows change, and moves on from a row the focus went to', () => {
    const { props, result, rerender } = setUp({ rowOf: (element) => (element.matches('a[data-row]') ? Number(element.getAttribute('data-row')) : null) });
    press('j');
    press('j');
    expect(result.current.current).toBe(1);
    rerender({ ...props, rowsKey: '/grievances?status=Pending&limit=50&view=summary' });
    expect(result.current.current).toBeNull();
    press('j');
    expect(result.current.current).toBe(0);
    // Tab took the focus to the third row's link: 'k' goes up from there.
    press('k', onPage('<a href="/grievances/14" data-row="2">GRV-2025-000014</a>'));
    expect(result.current.current).toBe(1);
  });

  it('does nothing with j and k when there is no row', () => {
    const { handlers, result } = setUp({ rowCount: 0 });
    expect(press('j')).toBe(false);
    press('k');
    press('Enter');
    expect(result.current.current).toBeNull();
    expect(handlers.onRow).not.toHaveBeenCalled();
    expect(handlers.onOpen).not.toHaveBeenCalled();
  });

  it('reads the keys by their place on a keyboard that types another script there, never a capital', () => {
    expect(shortcutOf({ key: 'j', code: 'KeyJ', shiftKey: false })).toBe('j');
    expect(shortcutOf({ key: 'र', code: 'KeyJ', shiftKey: false })).toBe('j');
    expect(shortcutOf({ key: 'क', code: 'KeyK', shiftKey: false })).toBe('k');
    expect(shortcutOf({ key: 'म', code: 'KeyC', shiftKey: false })).toBe('c');
    expect(shortcutOf({ key: 'य', code: 'Slash', shiftKey: false })).toBe('/');
    expect(shortcutOf({ key: '\u095f', code: 'Slash', shiftKey: true })).toBe('?');
    expect(shortcutOf({ key: 'J', code: 'KeyJ', shiftKey: true })).toBeNull();
    expect(shortcutOf({ key: 'q', code: 'KeyQ', shiftKey: false })).toBeNull();
    expect(shortcutOf({ key: 'ं', code: 'KeyX', shiftKey: false })).toBe('x');
  });

  it("selects the row reached, or the row the focus is in, on 'x'; nothing before a row is reached or without the selection", () => {
    const onSelect = vi.fn<(index: number) => void>();
    const { unmount } = setUp({ onSelect, rowOf: (element) => (element.matches('[data-row]') ? Number(element.getAttribute('data-row')) : null) });
    expect(press('x')).toBe(false);
    press('j');
    press('j');
    expect(press('x')).toBe(true);
    expect(onSelect).toHaveBeenLastCalledWith(1);
    press('x', onPage('<input type="checkbox" data-row="2" />'));
    expect(onSelect).toHaveBeenLastCalledWith(2);
    unmount();

    const without = setUp();
    press('j');
    expect(press('x')).toBe(false);
    expect(without.handlers.onOpen).not.toHaveBeenCalled();
  });

  it("goes on with 'j' from a row's checkbox, and opens nothing on Enter or Space there", () => {
    const { handlers, result } = setUp({ rowOf: (element) => (element.matches('[data-row]') ? Number(element.getAttribute('data-row')) : null) });
    const box = onPage('<input type="checkbox" data-row="0" aria-label="Select grievance GRV-2025-000012" />');
    expect(press('Enter', box)).toBe(false);
    expect(press(' ', box)).toBe(false);
    expect(handlers.onOpen).not.toHaveBeenCalled();
    expect(press('j', box)).toBe(true);
    expect(result.current.current).toBe(1);
  });
});
