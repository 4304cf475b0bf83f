import { describe, expect, it } from 'vitest';
import { optionLabel } from './option-label';

describe('optionLabel (what a LazySelect stand-in shows)', () => {
  it('finds the label of a value in plain strings, items and groups', () => {
    expect(optionLabel(['10', '25'], '25')).toBe('25');
    expect(optionLabel([{ value: 'asc', label: 'Ascendente' }], 'asc')).toBe('Ascendente');
    const grouped = [
      { group: 'Grupos', items: [{ value: 'open', label: 'Abiertos' }] },
      { group: 'Estado', items: ['nuevo', { value: 'resuelto', label: 'Resuelto' }] },
    ];
    expect(optionLabel(grouped, 'open')).toBe('Abiertos');
    expect(optionLabel(grouped, 'nuevo')).toBe('nuevo');
    expect(optionLabel(grouped, 'resuelto')).toBe('Resuelto');
  });

  it('shows an item without a label by its value', () => {
    expect(optionLabel([{ value: 'x' }], 'x')).toBe('x');
  });

  it('shows nothing for no value, no data or a value no option has, as the Select does', () => {
    expect(optionLabel([{ value: 'a', label: 'A' }], null)).toBe('');
    expect(optionLabel([{ value: 'a', label: 'A' }], undefined)).toBe('');
    expect(optionLabel(undefined, 'a')).toBe('');
    expect(optionLabel([{ value: 'a', label: 'A' }], 'b')).toBe('');
  });
});
