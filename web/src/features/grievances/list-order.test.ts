import { ariaSort, DEFAULT_ORDER, nextOrder, orderFromParams, withOrder } from './list-order';

describe('the grievance list order', () => {
  it('is newest filed first unless the URL names a column the server sorts by', () => {
    expect(orderFromParams(new URLSearchParams())).toEqual(DEFAULT_ORDER);
    expect(orderFromParams(new URLSearchParams('sort=priority&direction=asc'))).toEqual({ sort: 'priority', direction: 'asc' });
    expect(orderFromParams(new URLSearchParams('sort=grievance_number&direction=asc'))).toEqual(DEFAULT_ORDER);
    expect(orderFromParams(new URLSearchParams('sort=fir_date&direction=sideways'))).toEqual({ sort: 'fir_date', direction: 'desc' });
  });

  it('stays out of the URL when it is the default', () => {
    expect(withOrder(new URLSearchParams('status=Pending'), DEFAULT_ORDER).toString()).toBe('status=Pending');
    expect(withOrder(new URLSearchParams('status=Pending'), { sort: 'status', direction: 'asc' }).toString()).toBe(
      'status=Pending&sort=status&direction=asc',
    );
    expect(withOrder(new URLSearchParams(), { sort: 'filed_at', direction: 'asc' }).toString()).toBe('sort=filed_at&direction=asc');
  });

  it('turns around on a second click and starts a new column in its natural direction', () => {
    expect(nextOrder(DEFAULT_ORDER, 'filed_at')).toEqual({ sort: 'filed_at', direction: 'asc' });
    expect(nextOrder({ sort: 'filed_at', direction: 'asc' }, 'filed_at')).toEqual(DEFAULT_ORDER);
    expect(nextOrder(DEFAULT_ORDER, 'priority')).toEqual({ sort: 'priority', direction: 'desc' });
    expect(nextOrder(DEFAULT_ORDER, 'status')).toEqual({ sort: 'status', direction: 'asc' });
    expect(nextOrder(DEFAULT_ORDER, 'fir_date')).toEqual({ sort: 'fir_date', direction: 'desc' });
  });

  it('tells assistive technology which column sorts and how', () => {
    expect(ariaSort(DEFAULT_ORDER, 'filed_at')).toBe('descending');
    expect(ariaSort({ sort: 'status', direction: 'asc' }, 'status')).toBe('ascending');
    expect(ariaSort(DEFAULT_ORDER, 'priority')).toBe('none');
  });
});
