/**
 * The 50 US states and their House district counts after the 2020 census
 * (435 seats). Pure data shared by client and server.
 */
export const STATES = [
  { code: 'AL', name: 'Alabama', districts: 7 },
  { code: 'AK', name: 'Alaska', districts: 1 },
  { code: 'AZ', name: 'Arizona', districts: 9 },
  { code: 'AR', name: 'Arkansas', districts: 4 },
  { code: 'CA', name: 'California', districts: 52 },
  { code: 'CO', name: 'Colorado', districts: 8 },
  { code: 'CT', name: 'Connecticut', districts: 5 },
  { code: 'DE', name: 'Delaware', districts: 1 },
  { code: 'FL', name: 'Florida', districts: 28 },
  { code: 'GA', name: 'Georgia', districts: 14 },
  { code: 'HI', name: 'Hawaii', districts: 2 },
  { code: 'ID', name: 'Idaho', districts: 2 },
  { code: 'IL', name: 'Illinois', districts: 17 },
  { code: 'IN', name: 'Indiana', districts: 9 },
  { code: 'IA', name: 'Iowa', districts: 4 },
  { code: 'KS', name: 'Kansas', districts: 4 },
  { code: 'KY', name: 'Kentucky', districts: 6 },
  { code: 'LA', name: 'Louisiana', districts: 6 },
  { code: 'ME', name: 'Maine', districts: 2 },
  { code: 'MD', name: 'Maryland', districts: 8 },
  { code: 'MA', name: 'Massachusetts', districts: 9 },
  { code: 'MI', name: 'Michigan', districts: 13 },
  { code: 'MN', name: 'Minnesota', districts: 8 },
  { code: 'MS', name: 'Mississippi', districts: 4 },
  { code: 'MO', name: 'Missouri', districts: 8 },
  { code: 'MT', name: 'Montana', districts: 2 },
  { code: 'NE', name: 'Nebraska', districts: 3 },
  { code: 'NV', name: 'Nevada', districts: 4 },
  { code: 'NH', name: 'New Hampshire', districts: 2 },
  { code: 'NJ', name: 'New Jersey', districts: 12 },
  { code: 'NM', name: 'New Mexico', districts: 3 },
  { code: 'NY', name: 'New York', districts: 26 },
  { code: 'NC', name: 'North Carolina', districts: 14 },
  { code: 'ND', name: 'North Dakota', districts: 1 },
  { code: 'OH', name: 'Ohio', districts: 15 },
  { code: 'OK', name: 'Oklahoma', districts: 5 },
  { code: 'OR', name: 'Oregon', districts: 6 },
  { code: 'PA', name: 'Pennsylvania', districts: 17 },
  { code: 'RI', name: 'Rhode Island', districts: 2 },
  { code: 'SC', name: 'South Carolina', districts: 7 },
  { code: 'SD', name: 'South Dakota', districts: 1 },
  { code: 'TN', name: 'Tennessee', districts: 9 },
  { code: 'TX', name: 'Texas', districts: 38 },
  { code: 'UT', name: 'Utah', districts: 4 },
  { code: 'VT', name: 'Vermont', districts: 1 },
  { code: 'VA', name: 'Virginia', districts: 11 },
  { code: 'WA', name: 'Washington', districts: 10 },
  { code: 'WV', name: 'West Virginia', districts: 2 },
  { code: 'WI', name: 'Wisconsin', districts: 8 },
  { code: 'WY', name: 'Wyoming', districts: 1 },
] as const;

/** The most districts any state has (California's 52): the bound of every district number. */
export const MAX_DISTRICT = Math.max(...STATES.map((s) => s.districts));

export type StateCode = (typeof STATES)[number]['code'];

export const STATE_CODES = STATES.map((s) => s.code) as unknown as readonly [StateCode, ...StateCode[]];

const byCode = new Map<string, (typeof STATES)[number]>(STATES.map((s) => [s.code, s]));

export function isStateCode(value: string): value is StateCode {
  return byCode.has(value);
}

/** Number of House districts of a state; 0 for an unknown code. */
export function districtCount(state: string): number {
  return byCode.get(state)?.districts ?? 0;
}

export function stateName(state: string): string {
  return byCode.get(state)?.name ?? state;
}

/** True when `district` is a whole number from 1 to the state's district count. */
export function isValidDistrict(state: string, district: number): boolean {
  return Number.isInteger(district) && district >= 1 && district <= districtCount(state);
}

/** The list a district picker offers for a state: 1..count. */
export function districtsOf(state: string): number[] {
  return Array.from({ length: districtCount(state) }, (_, i) => i + 1);
}

/** Whether the state elects its one House member at large (a single district, numbered 1). */
export function isAtLarge(state: string): boolean {
  return districtCount(state) === 1;
}

/**
 * The one name of a district in codes, everywhere it is written (pages, records, refusals,
 * mail, share images): "CA-12"; an at-large district reads "AK-AL", never "AK-1".
 */
export function districtLabel(state: string, district: number): string {
  return isAtLarge(state) ? `${state}-AL` : `${state}-${district}`;
}
