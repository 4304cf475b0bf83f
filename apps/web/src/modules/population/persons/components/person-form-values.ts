import type { UseFormReturnType } from '@mantine/form';
import type { Person, PersonCreate } from '@amparo/shared/modules/population.schema';

type TextKeys = 'alias' | 'community' | 'admissionReason' | 'court' | 'departureNote' | 'externalFileNumber';
type NumberKeys = 'age' | 'weightLbs' | 'heightM';

/**
 * What the inputs hold while editing: the contract's create type, except that
 * empty text is '' and empty numbers are '' (Mantine inputs are controlled),
 * and required choices start empty. `personCreate`/`personUpdate` turn '' into
 * null, so the values go to the schema as they are.
 */
export type PersonFormValues = Omit<PersonCreate, TextKeys | NumberKeys | 'sex' | 'admissionDate'> &
  Record<TextKeys, string> &
  Record<NumberKeys, number | string> & { sex: string | null; admissionDate: string | null; version?: number };

/** The transformed (parsed) values a submit hands over. */
export type PersonFormOutput = PersonCreate & { version?: number };

export type PersonFormApi = UseFormReturnType<PersonFormValues, PersonFormOutput>;

export const DEFAULT_COUNTRY = 'GT';

export function emptyPersonValues(): PersonFormValues {
  return {
    names: '',
    lastNames: '',
    alias: '',
    birthDate: null,
    age: '',
    civilStatus: null,
    sex: null,
    sexualOrientation: null,
    nationality: null,
    ethnicGroup: null,
    linguisticCommunity: null,
    academicDegree: null,
    knowsRead: null,
    knowsWrite: null,
    disability: null,
    pregnancy: null,
    country: DEFAULT_COUNTRY,
    state: null,
    town: null,
    community: '',
    weightLbs: '',
    heightM: '',
    phones: [],
    bloodType: null,
    bond: null,
    perpetrator: null,
    thematic: [],
    admissionDate: null,
    admissionReason: '',
    referrer: null,
    court: '',
    departureDate: null,
    departureReason: null,
    departureNote: '',
    externalFileNumber: '',
    headquarterId: null,
  };
}

/**
 * Values for editing a saved person. When the server estimated the birth date
 * from an age, the age is what the user entered, so the age is shown and the
 * estimated date is not sent back as if it were known.
 */
export function toPersonFormValues(p: Person): PersonFormValues {
  const knownBirthDate = p.birthDate && !p.birthDateEstimated ? p.birthDate : null;
  return {
    names: p.names,
    lastNames: p.lastNames,
    alias: p.alias ?? '',
    birthDate: knownBirthDate,
    age: knownBirthDate ? '' : (p.age ?? ''),
    civilStatus: p.civilStatus,
    sex: p.sex,
    sexualOrientation: p.sexualOrientation,
    nationality: p.nationality,
    ethnicGroup: p.ethnicGroup,
    linguisticCommunity: p.linguisticCommunity,
    academicDegree: p.academicDegree,
    knowsRead: p.knowsRead,
    knowsWrite: p.knowsWrite,
    disability: p.disability,
    pregnancy: p.pregnancy,
    country: p.country,
    state: p.state,
    town: p.town,
    community: p.community ?? '',
    weightLbs: p.weightLbs ?? '',
    heightM: p.heightM ?? '',
    phones: [...p.phones],
    bloodType: p.bloodType,
    bond: p.bond,
    perpetrator: p.perpetrator,
    thematic: [...p.thematic],
    admissionDate: p.admissionDate,
    admissionReason: p.admissionReason ?? '',
    referrer: p.referrer,
    court: p.court ?? '',
    departureDate: p.departureDate,
    departureReason: p.departureReason,
    departureNote: p.departureNote ?? '',
    externalFileNumber: p.externalFileNumber ?? '',
    headquarterId: p.headquarterId,
    version: p.version,
  };
}

/**
 * Rules that read two fields: when one changes, the other's message must be
 * checked again (e.g. typing an age clears 'birth date required').
 */
export const RELATED_FIELDS: Partial<Record<keyof PersonFormValues, (keyof PersonFormValues)[]>> = {
  birthDate: ['age'],
  age: ['birthDate'],
  sex: ['pregnancy'],
  admissionDate: ['departureDate'],
  departureDate: ['admissionDate'],
  knowsRead: ['knowsWrite'],
  state: ['town'],
  country: ['state'],
};
