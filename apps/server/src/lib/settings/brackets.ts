import { money, roundMoney, type Money } from '@amparo/shared/money';
import type { SettingBracket } from '@amparo/shared/modules/settings.schema';

/**
 * The amount of progressive `brackets` (a dated setting's bands: ISR on employment, ISR retained from the simplified
 * regime) on `base` (Q): the band whose ceiling the base does not pass (the last has none), its `fixed` amount plus
 * its `rate` of what passes its `over`, half up to the centavo.
 */
export function bracketsAmount(brackets: readonly SettingBracket[], base: Money): Money {
  const band = brackets.find((b) => b.upTo === null || base.lessThanOrEqualTo(b.upTo)) ?? brackets.at(-1)!;
  return roundMoney(money(band.fixed).plus(base.minus(band.over).times(band.rate)));
}
