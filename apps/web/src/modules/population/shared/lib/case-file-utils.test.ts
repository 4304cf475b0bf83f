import { describe, expect, it } from 'vitest';
import { nowInGuatemala } from './case-file-utils';

describe('nowInGuatemala', () => {
  it("gives Guatemala's date and time (UTC-6), whatever the browser's zone", () => {
    expect(nowInGuatemala(new Date('2026-12-02T03:30:00Z'))).toEqual({ date: '2026-12-01', time: '21:30' });
    expect(nowInGuatemala(new Date('2027-01-01T05:59:00Z'))).toEqual({ date: '2026-12-31', time: '23:59' });
    expect(nowInGuatemala(new Date('2027-01-01T06:00:00Z'))).toEqual({ date: '2027-01-01', time: '00:00' });
  });
});
