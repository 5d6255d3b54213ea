import { searchState, type ReadPage } from './keep-reading';
import { PAGE_SIZE } from './list-filters';

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
const full = (cursor: string | null, examined = PAGE_SIZE): ReadPage => ({ data: rows(PAGE_SIZE), bounded: false, examined, next_cursor: cursor });
const step = (found: number, cursor: string | null, examined = 2000): ReadPage => ({
  data: rows(found),
  bounded: cursor !== null,
  examined,
  next_cursor: cursor,
});
const idle = { fromPage: 0, stopped: false, failed: false, busy: false };

describe('a bounded search', () => {
  it('reads on by itself after an empty bounded step, and sums what the server read', () => {
    const pages = [step(0, 'c1')];
    expect(searchState({ ...idle, pages, requested: 1 })).toEqual({ phase: 'reading', found: 0, examined: 2000, readNext: true });
    const more = [step(0, 'c1'), step(1, 'c2'), step(3, 'c3', 1500)];
    expect(searchState({ ...idle, pages: more, requested: 3 })).toEqual({ phase: 'reading', found: 4, examined: 5500, readNext: true });
  });

  it('waits while a step or a revalidation is on the way', () => {
    const pages = [step(0, 'c1')];
    expect(searchState({ ...idle, pages, requested: 2 }).readNext).toBe(false);
    expect(searchState({ ...idle, pages, requested: 1, busy: true })).toMatchObject({ phase: 'reading', readNext: false });
  });

  it('stops reading once it has a page of rows since the user last asked', () => {
    const pages = [step(20, 'c1'), step(PAGE_SIZE - 20, 'c2')];
    expect(searchState({ ...idle, pages, requested: 2 })).toMatchObject({ phase: 'more', found: PAGE_SIZE, readNext: false });
    // After 'Load more' (from page 2 on) the rows before do not count.
    const after = [...pages, step(10, 'c3')];
    expect(searchState({ ...idle, pages: after, fromPage: 2, requested: 3 })).toMatchObject({ phase: 'reading', found: 10, readNext: true });
  });

  it('ends at the last page, found or not', () => {
    expect(searchState({ ...idle, pages: [step(0, 'c1'), step(0, null)], requested: 2 })).toMatchObject({ phase: 'done', found: 0, readNext: false });
    expect(searchState({ ...idle, pages: [step(2, 'c1'), step(1, null)], requested: 2 })).toMatchObject({ phase: 'done', found: 3 });
  });

  it('does not read on when the user stopped it or a step failed', () => {
    const pages = [step(0, 'c1')];
    expect(searchState({ ...idle, pages, stopped: true, requested: 1 })).toMatchObject({ phase: 'stopped', readNext: false });
    expect(searchState({ ...idle, pages, failed: true, requested: 2 })).toMatchObject({ phase: 'stopped', readNext: false });
  });

  it('leaves a cursor that does not move to the user', () => {
    const pages = [step(0, 'c1'), step(0, 'c1')];
    expect(searchState({ ...idle, pages, requested: 2 })).toMatchObject({ phase: 'more', readNext: false });
  });
});

describe('full pages', () => {
  it("wait for 'Load more', and end without a cursor", () => {
    expect(searchState({ ...idle, pages: [full('c1')], requested: 1 })).toEqual({ phase: 'more', found: PAGE_SIZE, examined: PAGE_SIZE, readNext: false });
    expect(searchState({ ...idle, pages: [full('c1'), full(null)], requested: 2 }).phase).toBe('done');
    expect(searchState({ ...idle, pages: [], requested: 1 })).toEqual({ phase: 'done', found: 0, examined: 0, readNext: false });
  });

  it('count a page without examined as nothing read', () => {
    expect(searchState({ ...idle, pages: [{ data: [], next_cursor: null }], requested: 1 }).examined).toBe(0);
  });
});
