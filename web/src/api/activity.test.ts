import { ACTIVITY_KEY, lastActivityAt, recordActivity, subscribeActivity } from './activity';

describe('the activity record', () => {
  it('starts at 0 and keeps the latest time', () => {
    expect(lastActivityAt()).toBe(0);
    recordActivity(2_000);
    recordActivity(1_000);
    expect(lastActivityAt()).toBe(2_000);
    expect(localStorage.getItem(ACTIVITY_KEY)).toBe('2000');
  });

  it('tells its listeners about new activity, in this tab and in another', () => {
    const heard = vi.fn();
    const stop = subscribeActivity(heard);
    recordActivity(5_000);
    recordActivity(4_000);
    expect(heard).toHaveBeenCalledTimes(1);
    // Another tab of the portal used the same session.
    localStorage.setItem(ACTIVITY_KEY, '9000');
    window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_KEY, newValue: '9000' }));
    expect(heard).toHaveBeenCalledTimes(2);
    expect(lastActivityAt()).toBe(9_000);
    window.dispatchEvent(new StorageEvent('storage', { key: 'portal.language', newValue: 'hi' }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    recordActivity(10_000);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('ignores what is not a time', () => {
    localStorage.setItem(ACTIVITY_KEY, 'soon');
    expect(lastActivityAt()).toBe(0);
  });
});
