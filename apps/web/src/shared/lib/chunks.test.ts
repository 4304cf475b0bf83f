import { describe, expect, it } from 'vitest';
import { ChunkLoadError, isChunkLoadError, withChunkTimeout } from './chunks';

describe('chunk loading (spec section 9: 120 s)', () => {
  it('gives up with a ChunkLoadError when the code does not arrive in time', async () => {
    await expect(withChunkTimeout(new Promise(() => undefined), 20)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(withChunkTimeout(Promise.resolve('page'), 20)).resolves.toBe('page');
  });

  it("tells a failed load of the app's code from an error of the screen", () => {
    expect(isChunkLoadError(new ChunkLoadError())).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
