import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.ts';

/**
 * API reads are compressed when the browser accepts it (issue 11 item 8): a
 * GET answer in JSON from 1 KB, in brotli or gzip; smaller answers and other
 * methods as they are.
 */
describe('API answer compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ API_DOCS: 'true' }); // the OpenAPI document is the large public read
  });
  afterAll(() => t.close());

  it('a JSON read over 1 KB comes in brotli or gzip, as accepted, with the same content', async () => {
    // The OpenAPI document: a JSON GET answer well over 1 KB that needs no session.
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);

    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.payload);
  });

  it('a small answer is sent as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
