import { act, renderHook } from '@testing-library/react';
import { useStoredChoice } from './use-stored-choice';

const CHOICES = ['compact', 'comfortable'] as const;

describe('a choice remembered by the browser', () => {
  it('starts from the fallback, and keeps what the user chose', () => {
    const { result, unmount } = renderHook(() => useStoredChoice('test.choice', CHOICES, 'compact'));
    expect(result.current[0]).toBe('compact');
    act(() => result.current[1]('comfortable'));
    expect(result.current[0]).toBe('comfortable');
    expect(localStorage.getItem('test.choice')).toBe('comfortable');
    unmount();
    expect(renderHook(() => useStoredChoice('test.choice', CHOICES, 'compact')).result.current[0]).toBe('comfortable');
  });

  it('ignores a stored value it does not offer', () => {
    localStorage.setItem('test.choice', 'tiny');
    expect(renderHook(() => useStoredChoice('test.choice', CHOICES, 'compact')).result.current[0]).toBe('compact');
  });
});
