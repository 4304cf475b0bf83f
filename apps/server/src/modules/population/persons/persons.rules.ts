import { ageFromBirthDate } from '@amparo/shared/format';

/** An age group of the `age_group` catalog: ages `minAge`..`maxAge` inclusive (`maxAge` null = open). */
export interface AgeGroup {
  code: string;
  minAge: number | null;
  maxAge: number | null;
}

/** 'YYYY-MM-DD' minus whole years (29 February becomes 28 in common years). */
export function subtractYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The group of an age (Decreto 27-2003 art. 2 and the charity's catalog ranges). */
export function ageGroupOf(age: number | null, groups: AgeGroup[]): string | null {
  if (age === null) return null;
  return groups.find((g) => (g.minAge ?? 0) <= age && (g.maxAge === null || age <= g.maxAge))?.code ?? null;
}

/**
 * The birth-date window of a group on `today`: age ≥ min ⇔ born on or before
 * today − min years; age ≤ max ⇔ born after today − (max + 1) years.
 */
export function birthWindow(group: AgeGroup, today: string) {
  return {
    bornOnOrBefore: subtractYears(today, group.minAge ?? 0),
    bornAfter: group.maxAge === null ? null : subtractYears(today, group.maxAge + 1),
  };
}

/** Age in whole years from a birth date on `today` (Guatemala's date). */
export const ageOn = (birthDate: string | null, today: string) => ageFromBirthDate(birthDate, today);

/** Accent-free lower-case text for the trigram search ('José' and 'jose' match). */
export function normalizeSearch(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The human file code shown for a person ('EXP-000123'). */
export function fileCode(fileNumber: number): string {
  return `EXP-${String(fileNumber).padStart(6, '0')}`;
}

export function searchTextOf(
  p: { names: string; lastNames: string; alias: string | null; externalFileNumber: string | null },
  fileNumber?: number,
) {
  return normalizeSearch(
    [p.names, p.lastNames, p.alias ?? '', p.externalFileNumber ?? '', fileNumber ? fileCode(fileNumber) : ''].join(' '),
  );
}

/** Person fields that hold catalog codes, with their catalog. */
export const CATALOG_FIELDS = {
  civilStatus: 'civil_status',
  sex: 'sex',
  sexualOrientation: 'sexual_orientation',
  nationality: 'nationality',
  ethnicGroup: 'ethnic_group',
  linguisticCommunity: 'linguistic_community',
  academicDegree: 'academic_degree',
  disability: 'disability',
  bloodType: 'blood_type',
  bond: 'bond',
  perpetrator: 'bond',
  referrer: 'referrer',
  departureReason: 'departure_reason_person',
  thematic: 'thematic',
} as const;
