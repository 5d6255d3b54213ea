import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first and last words of a name', () => {
    expect(initials('Ravi Kumar Sharma')).toBe('RS');
    expect(initials('  ravi  ')).toBe('R');
  });

  it('leaves out what is in brackets and words without a letter', () => {
    expect(initials('Harish Chand (Retd)')).toBe('HC');
    expect(initials('Head Constable [Writer] -')).toBe('HC');
    expect(initials('(SHO) Meena')).toBe('M');
    expect(initials("O'Brien, D.")).toBe('OD');
  });

  it('reads Hindi names and says "?" when there is nothing to take', () => {
    expect(initials('राम कुमार')).toBe('रक');
    expect(initials('()')).toBe('?');
    expect(initials('')).toBe('?');
  });
});
