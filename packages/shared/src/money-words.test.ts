import { describe, expect, it } from 'vitest';
import { money } from './money.ts';
import { amountInWords, integerInWords } from './money-words.ts';

describe('amounts in words (issue 25 section 7, Guatemalan check usage)', () => {
  it('writes the apocope before MIL, MILLONES and QUETZALES', () => {
    expect(amountInWords('21000')).toBe('VEINTIÚN MIL QUETZALES CON 00/100');
    expect(amountInWords('31000')).toBe('TREINTA Y UN MIL QUETZALES CON 00/100');
    expect(amountInWords('101000')).toBe('CIENTO UN MIL QUETZALES CON 00/100');
    expect(amountInWords('1021000')).toBe('UN MILLÓN VEINTIÚN MIL QUETZALES CON 00/100');
    expect(amountInWords('21000000')).toBe('VEINTIÚN MILLONES DE QUETZALES CON 00/100');
  });

  it('writes the centavos as NN/100, always', () => {
    expect(amountInWords('0.01')).toBe('CERO QUETZALES CON 01/100');
    expect(amountInWords('0.99')).toBe('CERO QUETZALES CON 99/100');
    expect(amountInWords('1.00')).toBe('UN QUETZAL CON 00/100');
    expect(amountInWords('21.21')).toBe('VEINTIÚN QUETZALES CON 21/100');
    expect(amountInWords('0')).toBe('CERO QUETZALES CON 00/100');
    expect(amountInWords('-0')).toBe('CERO QUETZALES CON 00/100');
    expect(amountInWords('1.5')).toBe('UN QUETZAL CON 50/100');
    expect(amountInWords(money('500.05'))).toBe('QUINIENTOS QUETZALES CON 05/100');
  });

  it('matches a table written by hand', () => {
    const cases: [string, string][] = [
      ['2', 'DOS QUETZALES CON 00/100'],
      ['16.16', 'DIECISÉIS QUETZALES CON 16/100'],
      ['22', 'VEINTIDÓS QUETZALES CON 00/100'],
      ['31', 'TREINTA Y UN QUETZALES CON 00/100'],
      ['100', 'CIEN QUETZALES CON 00/100'],
      ['101', 'CIENTO UN QUETZALES CON 00/100'],
      ['715.40', 'SETECIENTOS QUINCE QUETZALES CON 40/100'],
      ['999.99', 'NOVECIENTOS NOVENTA Y NUEVE QUETZALES CON 99/100'],
      ['1000', 'UN MIL QUETZALES CON 00/100'],
      ['1001', 'UN MIL UN QUETZALES CON 00/100'],
      ['1250.50', 'UN MIL DOSCIENTOS CINCUENTA QUETZALES CON 50/100'],
      ['2021', 'DOS MIL VEINTIÚN QUETZALES CON 00/100'],
      ['4322.22', 'CUATRO MIL TRESCIENTOS VEINTIDÓS QUETZALES CON 22/100'],
      ['7616.16', 'SIETE MIL SEISCIENTOS DIECISÉIS QUETZALES CON 16/100'],
      ['100000', 'CIEN MIL QUETZALES CON 00/100'],
      ['921521.21', 'NOVECIENTOS VEINTIÚN MIL QUINIENTOS VEINTIÚN QUETZALES CON 21/100'],
      ['1000000', 'UN MILLÓN DE QUETZALES CON 00/100'],
      ['1000000.50', 'UN MILLÓN DE QUETZALES CON 50/100'],
      ['1000001', 'UN MILLÓN UN QUETZALES CON 00/100'],
      ['1100000', 'UN MILLÓN CIEN MIL QUETZALES CON 00/100'],
      ['2000000', 'DOS MILLONES DE QUETZALES CON 00/100'],
      ['2500000.75', 'DOS MILLONES QUINIENTOS MIL QUETZALES CON 75/100'],
      ['31500000', 'TREINTA Y UN MILLONES QUINIENTOS MIL QUETZALES CON 00/100'],
      ['100000000', 'CIEN MILLONES DE QUETZALES CON 00/100'],
      ['101101101.01', 'CIENTO UN MILLONES CIENTO UN MIL CIENTO UN QUETZALES CON 01/100'],
      ['1000000000', 'UN MIL MILLONES DE QUETZALES CON 00/100'],
      ['2001000000', 'DOS MIL UN MILLONES DE QUETZALES CON 00/100'],
      ['21021021021', 'VEINTIÚN MIL VEINTIÚN MILLONES VEINTIÚN MIL VEINTIÚN QUETZALES CON 00/100'],
      [
        '999999999999.99',
        'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES ' +
          'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE QUETZALES CON 99/100',
      ],
    ];
    for (const [amount, words] of cases) expect(amountInWords(amount), amount).toBe(words);
  });

  it('writes whole numbers without the apocope unless asked', () => {
    const cases: [number | bigint, string][] = [
      [0, 'CERO'],
      [1, 'UNO'],
      [15, 'QUINCE'],
      [21, 'VEINTIUNO'],
      [31, 'TREINTA Y UNO'],
      [101, 'CIENTO UNO'],
      [555, 'QUINIENTOS CINCUENTA Y CINCO'],
      [777, 'SETECIENTOS SETENTA Y SIETE'],
      [1001, 'UN MIL UNO'],
      [21_000, 'VEINTIÚN MIL'],
      [1_000_000n, 'UN MILLÓN'],
      [
        999_999_999_999n,
        'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE MILLONES ' +
          'NOVECIENTOS NOVENTA Y NUEVE MIL NOVECIENTOS NOVENTA Y NUEVE',
      ],
    ];
    for (const [n, words] of cases) expect(integerInWords(n), String(n)).toBe(words);
    expect(integerInWords(21, { apocope: true })).toBe('VEINTIÚN');
    expect(integerInWords(71, { apocope: true })).toBe('SETENTA Y UN');
    expect(integerInWords(1, { apocope: true })).toBe('UN');
    for (const bad of [-1, 1.5, Number.NaN, 1_000_000_000_000, -1n, 10n ** 12n])
      expect(() => integerInWords(bad), String(bad)).toThrow(RangeError);
  });

  it('refuses what a check cannot carry', () => {
    for (const bad of ['-1', '-0.01', '1.005', '1000000000000', '999999999999.991'])
      expect(() => amountInWords(bad), bad).toThrow(RangeError);
    expect(() => amountInWords(money('-5'))).toThrow(RangeError);
    for (const bad of ['abc', '1,250.50', 'Q 12', '']) expect(() => amountInWords(bad), bad).toThrow(TypeError);
  });
});
