import type { PendencyLimitsView } from '../../api/types';
import { cellKey, draftFrom, limitLabel, limitsRequest, LIMIT_MESSAGE, parseLimit, validateLimits } from './pendency-limits';

const view: PendencyLimitsView = {
  stages: [
    { stage: 'inward', label: 'Inward' },
    { stage: 'scrutiny', label: 'Scrutiny' },
  ],
  priorities: ['High', 'Low'],
  limits: { High: { inward: 7 }, Retired: { inward: 3 } },
};

describe('pendency limits form', () => {
  it('starts from the saved limits, empty where there is none', () => {
    expect(draftFrom(view)).toEqual({ High: { inward: '7', scrutiny: '' }, Low: { inward: '', scrutiny: '' } });
  });

  it('accepts whole days from 1 to 3650, and empty as no limit', () => {
    expect(parseLimit('')).toBeNull();
    expect(parseLimit(' 1 ')).toBe(1);
    expect(parseLimit('3650')).toBe(3650);
    for (const bad of ['0', '3651', '1.5', '-2', 'ten', '1e2']) expect(parseLimit(bad)).toBeUndefined();
  });

  it("names each bad cell as the server does, with the server's message", () => {
    const draft = { High: { inward: '0', scrutiny: '10' }, Low: { inward: '2.5', scrutiny: '' } };
    expect(validateLimits(view, draft)).toEqual({
      'limits.High.inward': LIMIT_MESSAGE,
      'limits.Low.inward': LIMIT_MESSAGE,
    });
    expect(LIMIT_MESSAGE).toBe('A limit is a whole number of days from 1 to 3650');
    expect(cellKey('High', 'scrutiny')).toBe('limits.High.scrutiny');
  });

  it('sends every shown priority and stage, null where empty, and keeps the limits of priorities not shown', () => {
    const draft = { High: { inward: '5', scrutiny: '' }, Low: { inward: '30', scrutiny: ' 60 ' } };
    expect(limitsRequest(view, draft)).toEqual({
      limits: { High: { inward: 5, scrutiny: null }, Low: { inward: 30, scrutiny: 60 }, Retired: { inward: 3 } },
    });
  });

  it('reads out a limit', () => {
    expect(limitLabel(1)).toBe('1 day');
    expect(limitLabel(30)).toBe('30 days');
    expect(limitLabel(null)).toBe('No limit');
    expect(limitLabel(undefined)).toBe('No limit');
  });
});
