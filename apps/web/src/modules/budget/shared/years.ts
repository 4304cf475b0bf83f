import { todayInGuatemala } from '@amparo/shared/format';

/** The year in America/Guatemala: lists open on it, and a new line is planned for it. */
export const currentYear = () => Number(todayInGuatemala().slice(0, 4));

/** The years a year select offers: five back and five ahead of this one, and the chosen one wherever it is. */
export function yearOptions(chosen?: number | null): string[] {
  const now = currentYear();
  const years = new Set([...(chosen ? [chosen] : []), ...Array.from({ length: 11 }, (_, i) => now - 5 + i)]);
  return [...years].sort((a, b) => a - b).map(String);
}
