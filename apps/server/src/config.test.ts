import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs on the supported Node.js line (24 LTS, installed by npm ci; decision 0007)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
  it('has working defaults: embedded database, port 3000, banner off', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, APP_TEST_BANNER: false, ALLOWED_EMAIL_DOMAINS: [] });
    expect(c.DATA_DIR).toBe(resolve(process.env.INIT_CWD ?? process.cwd(), 'data'));
    expect(c.DATABASE_URL).toBeUndefined();
  });
  it('parses flags and lists', () => {
    const c = loadConfig({ APP_TEST_BANNER: 'true', ALLOWED_EMAIL_DOMAINS: 'Amparo.org.gt, @ong.gt', PORT: '8080' });
    expect(c).toMatchObject({ APP_TEST_BANNER: true, ALLOWED_EMAIL_DOMAINS: ['amparo.org.gt', 'ong.gt'], PORT: 8080 });
  });
  it('names the variable and the value when one is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT.*eighty/);
    expect(() => loadConfig({ APP_TEST_BANNER: 'maybe' })).toThrow(/APP_TEST_BANNER/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });
});
