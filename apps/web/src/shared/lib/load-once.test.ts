import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once';

describe('loadOnce', () => {
  it('imports once, shares the load and keeps what it gave', async () => {
    let calls = 0;
    const once = loadOnce(async () => ++calls);
    expect(once.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([once.load(), once.load()]);
    expect([a, b, calls, once.loaded()]).toEqual([1, 1, 1, 1]);
  });

  it('tries again after a failed import', async () => {
    let calls = 0;
    const once = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'code';
    });
    await expect(once.load()).rejects.toThrow('offline');
    expect(once.loaded()).toBeUndefined();
    await expect(once.load()).resolves.toBe('code');
    expect(calls).toBe(2);
  });
});
