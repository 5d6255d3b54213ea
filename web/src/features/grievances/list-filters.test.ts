import {
  activeFilterCount,
  dateRangeError,
  EMPTY_FILTERS,
  filedRangeError,
  filtersFromParams,
  filtersToParams,
  listCounters,
  listPath,
  readableSection,
} from './list-filters';

describe('grievance list filters', () => {
  it('default to empty and count only what is set', () => {
    expect(filtersFromParams(new URLSearchParams())).toEqual(EMPTY_FILTERS);
    const filters = filtersFromParams(new URLSearchParams('status=Pending&search=bike&cursor=x'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, status: 'Pending', search: 'bike' });
    expect(activeFilterCount(filters)).toBe(2);
    expect(activeFilterCount({ ...EMPTY_FILTERS, fir_no: '   ' })).toBe(0);
  });

  it('go to the server as query parameters with the page size and cursor', () => {
    const filters = { ...EMPTY_FILTERS, search: ' bike ', district: 'North District', from_date: '2025-01-01' };
    expect(filtersToParams(filters).toString()).toBe('search=bike&district=North+District&from_date=2025-01-01');
    expect(listPath(filters, 'abc')).toBe('/grievances?search=bike&district=North+District&from_date=2025-01-01&limit=50&view=summary&cursor=abc');
    expect(listPath(EMPTY_FILTERS)).toBe('/grievances?limit=50&view=summary');
  });
});

describe('the overdue filter', () => {
  it("is on only for overdue=true, counts as a filter and goes to the server and the exports", () => {
    expect(filtersFromParams(new URLSearchParams('overdue=true')).overdue).toBe('true');
    expect(filtersFromParams(new URLSearchParams('overdue=false')).overdue).toBe('');
    expect(filtersFromParams(new URLSearchParams('overdue=yes')).overdue).toBe('');
    const filters = { ...EMPTY_FILTERS, status: 'Pending', overdue: 'true' };
    expect(activeFilterCount(filters)).toBe(2);
    expect(filtersToParams(filters).toString()).toBe('status=Pending&overdue=true');
    expect(listPath(filters)).toBe('/grievances?status=Pending&overdue=true&limit=50&view=summary');
    expect(filtersToParams({ ...filters, overdue: '' }).toString()).toBe('status=Pending');
  });
});

describe("the 'Closure requests' filter", () => {
  it('takes the appeals queue only as appeal=pending', () => {
    expect(filtersFromParams(new URLSearchParams('appeal=pending')).appeal).toBe('pending');
    expect(filtersFromParams(new URLSearchParams('appeal=all')).appeal).toBe('');
    expect(listPath({ ...EMPTY_FILTERS, appeal: 'pending' })).toBe('/grievances?appeal=pending&limit=50&view=summary');
  });

  it('is on only for closure=pending, counts as a filter and goes to the server after the others', () => {
    expect(filtersFromParams(new URLSearchParams('closure=pending')).closure).toBe('pending');
    expect(filtersFromParams(new URLSearchParams('closure=true')).closure).toBe('');
    expect(filtersFromParams(new URLSearchParams('closure=')).closure).toBe('');
    const filters = { ...EMPTY_FILTERS, overdue: 'true', closure: 'pending' };
    expect(activeFilterCount(filters)).toBe(2);
    expect(filtersToParams(filters).toString()).toBe('overdue=true&closure=pending');
    expect(listPath({ ...EMPTY_FILTERS, closure: 'pending' })).toBe('/grievances?closure=pending&limit=50&view=summary');
  });
});

describe("the 'Escalated to me' filter", () => {
  it('is on only for escalated=me, counts as a filter and goes to the server after the others', () => {
    expect(filtersFromParams(new URLSearchParams('escalated=me')).escalated).toBe('me');
    expect(filtersFromParams(new URLSearchParams('escalated=true')).escalated).toBe('');
    expect(filtersFromParams(new URLSearchParams('escalated=')).escalated).toBe('');
    const filters = { ...EMPTY_FILTERS, closure: 'pending', escalated: 'me' };
    expect(activeFilterCount(filters)).toBe(2);
    expect(filtersToParams(filters).toString()).toBe('closure=pending&escalated=me');
    expect(listPath({ ...EMPTY_FILTERS, escalated: 'me' })).toBe('/grievances?escalated=me&limit=50&view=summary');
  });
});

describe('the act and section filter', () => {
  it('takes a known act, and a readable section only with an act', () => {
    expect(filtersFromParams(new URLSearchParams('act=BNS&section=303(2)'))).toMatchObject({ act: 'BNS', section: '303(2)' });
    expect(filtersFromParams(new URLSearchParams('act=XYZ&section=303'))).toMatchObject({ act: '', section: '' });
    expect(filtersFromParams(new URLSearchParams('section=303'))).toMatchObject({ act: '', section: '' });
    expect(filtersFromParams(new URLSearchParams('act=IPC&section=theft'))).toMatchObject({ act: 'IPC', section: '' });
    const filters = { ...EMPTY_FILTERS, act: 'POCSO', section: '4' };
    expect(filtersToParams(filters).toString()).toBe('act=POCSO&section=4');
    expect(listPath({ ...filters, overdue: 'true' })).toBe('/grievances?overdue=true&act=POCSO&section=4&limit=50&view=summary');
  });

  it('reads a section as the server does', () => {
    expect(['303', '303(2)', '376AB', '193(3)(ii)', ' 303 (2) ', '64'].map(readableSection)).toEqual([true, true, true, true, true, true]);
    expect(['', 'theft', '12345', '303ABCD', '303(2', '(2)'].map(readableSection)).toEqual([false, false, false, false, false, false]);
  });
});

describe('the assignee, crime head and filing date filters', () => {
  it('go to the server as assignee, crime_head, filed_from and filed_to, after the FIR dates', () => {
    const filters = {
      ...EMPTY_FILTERS,
      to_date: '2025-03-31',
      filed_from: '2025-02-01',
      filed_to: '2025-02-28',
      assignee: 'me',
      crime_head: ' Theft of Vehicle ',
      overdue: 'true',
    };
    expect(activeFilterCount(filters)).toBe(6);
    expect(listPath(filters)).toBe(
      '/grievances?to_date=2025-03-31&filed_from=2025-02-01&filed_to=2025-02-28&assignee=me&crime_head=Theft+of+Vehicle&overdue=true&limit=50&view=summary',
    );
    expect(filtersToParams({ ...EMPTY_FILTERS, assignee: 'none' }).toString()).toBe('assignee=none');
    expect(filtersToParams({ ...EMPTY_FILTERS, assignee: '17' }).toString()).toBe('assignee=17');
  });

  it('come back from the address, and drop what the server would refuse', () => {
    const read = (query: string) => filtersFromParams(new URLSearchParams(query));
    expect(read('assignee=me&crime_head=Theft&filed_from=2025-02-01&filed_to=2025-02-28')).toEqual({
      ...EMPTY_FILTERS,
      assignee: 'me',
      crime_head: 'Theft',
      filed_from: '2025-02-01',
      filed_to: '2025-02-28',
    });
    expect(['me', 'none', '17', '0', '-3', 'ravi', '1.5'].map((value) => read(`assignee=${value}`).assignee)).toEqual(['me', 'none', '17', '', '', '', '']);
    expect(read('filed_from=01/02/2025&filed_to=yesterday')).toMatchObject({ filed_from: '', filed_to: '' });
  });

  it('say so under Filed to when it is before Filed from, apart from the FIR dates', () => {
    const filters = { ...EMPTY_FILTERS, filed_from: '2025-02-10', filed_to: '2025-02-01' };
    expect(filedRangeError(filters)).toBe('Filed to must be on or after Filed from');
    expect(dateRangeError(filters)).toBeNull();
    expect(filedRangeError({ ...filters, filed_to: '2025-02-10' })).toBeNull();
  });
});

describe('list counters', () => {
  it("read 'Showing X of Y grievances' without filters", () => {
    expect(listCounters({ loaded: 3, total: 3, matched: 3, hasMore: false, filtered: false })).toEqual({
      showing: 'Showing 3 of 3 grievances',
      filteredOut: null,
      more: null,
    });
    expect(listCounters({ loaded: 1, total: 1, matched: 1, hasMore: false, filtered: false }).showing).toBe(
      'Showing 1 of 1 grievance',
    );
    expect(listCounters({ loaded: 50, total: 123456, matched: 123456, hasMore: true, filtered: false }).showing).toBe(
      'Showing 50 of 1,23,456 grievances',
    );
  });

  it("add 'N filtered out' when the server knows how many match", () => {
    expect(listCounters({ loaded: 2, total: 10, matched: 2, hasMore: false, filtered: true })).toEqual({
      showing: 'Showing 2 of 10 grievances',
      filteredOut: '8 filtered out',
      more: null,
    });
  });

  it('count what the last page left when the server could not tell', () => {
    expect(listCounters({ loaded: 4, total: 10, matched: null, hasMore: false, filtered: true }).filteredOut).toBe(
      '6 filtered out',
    );
  });

  it('say more may follow while pages remain and the match count is unknown', () => {
    expect(listCounters({ loaded: 50, total: 500, matched: null, hasMore: true, filtered: true })).toEqual({
      showing: 'Showing 50 of 500 grievances',
      filteredOut: null,
      more: 'More matches may follow',
    });
    expect(listCounters({ loaded: 50, total: 120, matched: 120, hasMore: true, filtered: false }).more).toBe('70 more to load');
    expect(listCounters({ loaded: 50, total: 120, matched: 90, hasMore: true, filtered: true })).toEqual({
      showing: 'Showing 50 of 120 grievances',
      filteredOut: '30 filtered out',
      more: '40 more matching to load',
    });
  });
});
