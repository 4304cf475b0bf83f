import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** Every source file under `dir`, relative to src/. */
function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [relative(SRC, join(dir, e.name))] : [],
  );
}

// The guide's rules for the web tree that no lint rule holds (issue 25 section 8).
describe('the web tree', () => {
  it('has no barrel files: each file is imported by its own path', () => {
    expect(files(SRC).filter((f) => /(^|\/)index\.tsx?$/.test(f))).toEqual([]);
  });

  it('builds no table by hand in a module: lists are DataTable, grids of months or bands are Grid (shared/ui)', () => {
    const handBuilt = files(join(SRC, 'modules')).filter((f) =>
      /<Table[\s.>]/.test(readFileSync(join(SRC, f), 'utf8')),
    );
    expect(handBuilt).toEqual([]);
  });
});
