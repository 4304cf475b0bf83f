import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { money, sumMoney } from './money.ts';
import { monthlySplit, percentOf, retention, splitByPercentages, splitByShares } from './money-shares.ts';

const strings = (parts: Decimal[]) => parts.map((p) => p.toFixed(2));
const repeat = (value: string, times: number) => Array.from({ length: times }, () => value);

/** Mulberry32: a small seeded generator, so the property-style cases are the same on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Whole numbers from 0 to max − 1; the amounts are built from them as decimal strings, never as floats.
  return (max: number) => Math.floor(next() * max);
}

/** A whole number of centavos as an amount string (123456 → '1234.56'). */
const amountOf = (centavos: number) => money(centavos).dividedBy(100).toFixed(2);

describe('splitting by shares (issue 25 section 7: remainder to the largest)', () => {
  it('matches a table computed by hand', () => {
    const cases: [string, (string | number)[], string[]][] = [
      ['100.00', [1, 1, 1], ['33.34', '33.33', '33.33']],
      ['0.05', [1, 1], ['0.03', '0.02']],
      ['1.00', [1, 2], ['0.33', '0.67']],
      ['1.00', [2, 1], ['0.67', '0.33']],
      ['10.00', [1, 2, 2], ['2.00', '4.00', '4.00']],
      ['0.01', [1, 1, 1], ['0.01', '0.00', '0.00']],
      // 0.005 and 0.015 truncate to 0.00 and 0.01; the centavo left goes to the weight 3.
      ['0.02', [1, 3], ['0.00', '0.02']],
      ['100', [0, 1, 1], ['0.00', '50.00', '50.00']],
      ['100', [0, 0, 1], ['0.00', '0.00', '100.00']],
      ['1234.56', ['0.5', '0.25', '0.25'], ['617.28', '308.64', '308.64']],
      // 700 / 6 = 116 centavos each, 4 left over, all to the first of the equal weights.
      ['7.00', [1, 1, 1, 1, 1, 1], ['1.20', ...repeat('1.16', 5)]],
      ['1.00', [1, 1, 1, 1, 1, 1, 1], ['0.16', ...repeat('0.14', 6)]],
      ['999.99', [1, 1], ['500.00', '499.99']],
      ['100', ['1', '0.5'], ['66.67', '33.33']],
      ['2500.00', ['0.3333', '0.3333', '0.3334'], ['833.25', '833.25', '833.50']],
      ['0', [1, 2], ['0.00', '0.00']],
      ['5', [3], ['5.00']],
      ['999999999999.99', [1, 1, 1], repeat('333333333333.33', 3)],
    ];
    for (const [amount, weights, parts] of cases) {
      const label = `${amount} by ${weights.join(', ')}`;
      const got = splitByShares(amount, weights.map(String));
      expect(strings(got), label).toEqual(parts);
      expect(sumMoney(got).equals(amount), label).toBe(true);
    }
    expect(strings(splitByShares(money('100'), [money(1), money(3)]))).toEqual(['25.00', '75.00']);
  });

  it('splits a negative amount as its absolute value, negated', () => {
    expect(strings(splitByShares('-100', ['1', '1', '1']))).toEqual(['-33.34', '-33.33', '-33.33']);
    expect(strings(splitByShares('-0.05', ['1', '1']))).toEqual(['-0.03', '-0.02']);
    expect(strings(splitByShares('-1.00', ['1', '2']))).toEqual(['-0.33', '-0.67']);
    // A zero part of a negative amount is 0.00, not -0.00.
    expect(strings(splitByShares('-100', ['0', '1']))).toEqual(['0.00', '-100.00']);
  });

  it('refuses weights that cannot share and amounts that cannot add back', () => {
    for (const weights of [[], ['0'], ['0', '0'], ['1', '-1'], ['-1']])
      expect(() => splitByShares('100', weights), weights.join(', ')).toThrow(RangeError);
    expect(() => splitByShares('100', [new Decimal(NaN)])).toThrow(RangeError);
    expect(() => splitByShares('100', [new Decimal(Infinity)])).toThrow(RangeError);
    expect(() => splitByShares('1.005', ['1', '1'])).toThrow(RangeError);
    expect(() => splitByShares(new Decimal(Infinity), ['1'])).toThrow(RangeError);
  });

  it('adds up exactly and truncates every other part, on a few hundred seeded cases', () => {
    const random = generator(25_07);
    for (let run = 0; run < 400; run++) {
      const centavos = random(1e11) * (random(4) === 0 ? -1 : 1);
      const amount = amountOf(centavos);
      const weights = Array.from({ length: 1 + random(8) }, () => (random(5) === 0 ? '0' : amountOf(random(100_000))));
      if (weights.every((w) => money(w).isZero())) weights.push('1');
      const label = `${amount} by ${weights.join(', ')}`;
      const parts = splitByShares(amount, weights);
      expect(parts, label).toHaveLength(weights.length);
      expect(sumMoney(parts).equals(amount), label).toBe(true);
      const totalWeight = sumMoney(weights);
      const largest = weights.reduce((best, w, i) => (money(w).greaterThan(weights[best] ?? 0) ? i : best), 0);
      parts.forEach((part, i) => {
        expect(part.decimalPlaces(), label).toBeLessThanOrEqual(2);
        const exact = money(amount)
          .abs()
          .times(weights[i] ?? 0)
          .dividedBy(totalWeight);
        const gap = part.abs().minus(exact);
        if (!part.isZero()) expect(part.isNegative(), label).toBe(centavos < 0);
        if (i === largest) {
          // The largest part takes what the truncations left: less than a centavo a part.
          expect(gap.greaterThan('-0.01') && gap.lessThan(money(weights.length).dividedBy(100)), label).toBe(true);
        } else {
          expect(gap.lessThanOrEqualTo(0) && gap.greaterThan('-0.01'), label).toBe(true);
        }
      });
    }
  });
});

describe('splitting by percentages', () => {
  it('matches a table computed by hand', () => {
    const cases: [string, string[], string[]][] = [
      ['500', ['12.5', '37.5', '50'], ['62.50', '187.50', '250.00']],
      ['33.33', ['50', '50'], ['16.67', '16.66']],
      ['0.03', ['50', '50'], ['0.02', '0.01']],
      ['100', ['33.33', '33.33', '33.34'], ['33.33', '33.33', '33.34']],
      ['10', ['60', '40'], ['6.00', '4.00']],
      ['1000', ['70', '15', '15'], ['700.00', '150.00', '150.00']],
      // 0.015 and 0.085 truncate to 0.01 and 0.08; the centavo left goes to the 85 %.
      ['0.10', ['15', '85'], ['0.01', '0.09']],
      ['-0.10', ['15', '85'], ['-0.01', '-0.09']],
      ['250', ['0', '100'], ['0.00', '250.00']],
    ];
    for (const [amount, percents, parts] of cases)
      expect(strings(splitByPercentages(amount, percents)), `${amount} by ${percents.join(', ')}`).toEqual(parts);
  });

  it('refuses percentages that do not add up to 100', () => {
    for (const percents of [[], ['50', '40'], ['50', '50.01'], ['150', '-50'], ['99.999']])
      expect(() => splitByPercentages('100', percents), percents.join(', ')).toThrow(RangeError);
  });

  it('adds up exactly on a few hundred seeded cases', () => {
    const random = generator(100);
    for (let run = 0; run < 300; run++) {
      // 100 % as 10,000 hundredths of a percent, cut at random points.
      const cuts = Array.from({ length: random(6) }, () => random(10_001)).sort((a, b) => a - b);
      const bounds = [0, ...cuts, 10_000];
      const percents = bounds.slice(1).map((b, i) => amountOf(b - (bounds[i] ?? 0)));
      const amount = amountOf(random(1e9) - 1e8);
      const parts = splitByPercentages(amount, percents);
      expect(sumMoney(parts).equals(amount), `${amount} by ${percents.join(', ')}`).toBe(true);
    }
  });
});

describe('percentages and retentions (rounded half-up, the rule of money.ts)', () => {
  it('takes a percentage of an amount, rounding once', () => {
    const cases: [string, string, string][] = [
      ['1000', '12', '120.00'],
      ['1234.56', '5', '61.73'], // 61.728
      ['100.10', '5', '5.01'], // 5.005
      ['0.10', '5', '0.01'], // 0.005
      ['0.09', '5', '0.00'], // 0.0045
      ['250', '7', '17.50'],
      ['-100.10', '5', '-5.01'], // half away from zero
      ['1000', '0', '0.00'],
      ['1234.56', '12.5', '154.32'],
      ['1.15', '50', '0.58'], // 0.575
      ['107.14', '15', '16.07'], // 16.071
      ['2.675', '100', '2.68'], // 2.675 as a float is 2.67499…
    ];
    for (const [amount, percent, result] of cases)
      expect(percentOf(amount, percent).toFixed(2), `${percent} % of ${amount}`).toBe(result);
  });

  it('splits a base into what is retained and what is paid', () => {
    const cases: [string, string, string, string][] = [
      ['1000', '5', '50.00', '950.00'],
      ['1234.56', '5', '61.73', '1172.83'],
      ['5600', '7', '392.00', '5208.00'],
      ['0.10', '5', '0.01', '0.09'],
      ['107.14', '15', '16.07', '91.07'],
      ['100', '100', '100.00', '0.00'],
      ['100', '0', '0.00', '100.00'],
    ];
    for (const [base, rate, retained, net] of cases) {
      const r = retention(base, rate);
      expect([r.retained.toFixed(2), r.net.toFixed(2)], `${rate} % of ${base}`).toEqual([retained, net]);
      expect(r.retained.plus(r.net).equals(base)).toBe(true);
    }
    for (const rate of ['-1', '100.01']) expect(() => retention('100', rate), rate).toThrow(RangeError);
    expect(() => retention('1.005', '5')).toThrow(RangeError);
  });
});

describe('monthly amounts (depreciation: remainder to the last month)', () => {
  it('matches a table computed by hand', () => {
    const cases: [string, number, string[]][] = [
      ['1000', 12, [...repeat('83.33', 11), '83.37']],
      ['100', 3, ['33.33', '33.33', '33.34']],
      ['0.05', 3, ['0.01', '0.01', '0.03']],
      ['12000', 12, repeat('1000.00', 12)],
      ['0.01', 2, ['0.00', '0.01']],
      ['10', 1, ['10.00']],
      ['-1000', 12, [...repeat('-83.33', 11), '-83.37']],
      ['0', 5, repeat('0.00', 5)],
      // 500,000 centavos / 36 = 13,888; 35 × 13,888 = 486,080, so the last month is 13,920.
      ['5000', 36, [...repeat('138.88', 35), '139.20']],
    ];
    for (const [total, months, parts] of cases)
      expect(strings(monthlySplit(total, months)), `${total} over ${months}`).toEqual(parts);
  });

  it('refuses what is not a number of months or a two-decimal total', () => {
    for (const months of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => monthlySplit('100', months), String(months)).toThrow(RangeError);
    expect(() => monthlySplit('1.005', 12)).toThrow(RangeError);
  });

  it('adds up exactly on a few hundred seeded cases', () => {
    const random = generator(12);
    for (let run = 0; run < 300; run++) {
      const total = amountOf(random(1e10) - 1e9);
      const months = 1 + random(120);
      const parts = monthlySplit(total, months);
      const label = `${total} over ${months}`;
      expect(parts, label).toHaveLength(months);
      expect(sumMoney(parts).equals(total), label).toBe(true);
      const each = parts[0] ?? money(0);
      expect(
        parts.slice(0, -1).every((p) => p.equals(each)),
        label,
      ).toBe(true);
      // The last month differs by the centavos left over: fewer than `months` of them.
      const extra = (parts.at(-1) ?? money(0)).minus(each).abs();
      expect(extra.lessThan(money(months).dividedBy(100)), label).toBe(true);
    }
  });
});
