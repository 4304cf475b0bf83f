import { describe, expect, it } from 'vitest';
import { nextLocalSort, sortRows } from './sort';

describe('DataTable local sorting', () => {
  it('sorts text by the language, digits as numbers, accents and case aside; empties last both ways', () => {
    const rows = ['lote 10', 'Ávila', '', 'Lote 2', 'avila', null, 'Beto'];
    expect(sortRows(rows, (r) => r, 'asc', 'es')).toEqual(['Ávila', 'avila', 'Beto', 'Lote 2', 'lote 10', '', null]);
    expect(sortRows(rows, (r) => r, 'desc', 'es')).toEqual(['lote 10', 'Lote 2', 'Beto', 'Ávila', 'avila', '', null]);
  });

  it('sorts numbers by value and keeps the order of equal values', () => {
    const rows = [
      { id: 'a', n: 10 },
      { id: 'b', n: 9 },
      { id: 'c', n: 10 },
      { id: 'd', n: 100 },
    ];
    expect(sortRows(rows, (r) => r.n, 'asc', 'en').map((r) => r.id)).toEqual(['b', 'a', 'c', 'd']);
    expect(sortRows(rows, (r) => r.n, 'desc', 'en').map((r) => r.id)).toEqual(['d', 'a', 'c', 'b']);
  });

  it('a header cycles through its first order, the other, and none', () => {
    expect(nextLocalSort(null, 'x', 'desc')).toEqual({ id: 'x', order: 'desc' });
    expect(nextLocalSort({ id: 'x', order: 'desc' }, 'x', 'desc')).toEqual({ id: 'x', order: 'asc' });
    expect(nextLocalSort({ id: 'x', order: 'asc' }, 'x', 'desc')).toBeNull();
    expect(nextLocalSort({ id: 'y', order: 'asc' }, 'x', 'asc')).toEqual({ id: 'x', order: 'asc' });
  });
});
