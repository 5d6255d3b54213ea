import { itemNameError, parseDisplayOrder } from './item-rules';

describe('list item rules', () => {
  it("needs a name: 'Name is required'", () => {
    expect(itemNameError(' ')).toBe('Name is required');
    expect(itemNameError('North District')).toBeNull();
  });

  it('parses display order as an integer, 0 by default', () => {
    expect(parseDisplayOrder('7')).toBe(7);
    expect(parseDisplayOrder(' 12 ')).toBe(12);
    expect(parseDisplayOrder('3.9')).toBe(3);
    expect(parseDisplayOrder('-2')).toBe(-2);
    expect(parseDisplayOrder('')).toBe(0);
    expect(parseDisplayOrder('abc')).toBe(0);
  });
});
