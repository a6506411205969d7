import { describe, expect, it } from 'vitest';
import { STATES, districtCount, districtLabel, districtsOf, isAtLarge, isStateCode, isValidDistrict } from './states';

describe('states table', () => {
  it('has the 50 states and 435 seats of the 2020 apportionment', () => {
    expect(STATES).toHaveLength(50);
    expect(STATES.reduce((n, s) => n + s.districts, 0)).toBe(435);
  });

  it.each([
    ['CA', 52],
    ['TX', 38],
    ['NY', 26],
    ['FL', 28],
    ['AK', 1],
    ['DE', 1],
    ['ND', 1],
    ['SD', 1],
    ['VT', 1],
    ['WY', 1],
    ['XX', 0],
    ['DC', 0],
  ])('districtCount(%s) = %i', (state, count) => {
    expect(districtCount(state)).toBe(count);
  });

  it.each([
    ['CA', 1, true],
    ['CA', 52, true],
    ['CA', 53, false],
    ['CA', 0, false],
    ['CA', 1.5, false],
    ['WY', 2, false],
    ['ZZ', 1, false],
  ])('isValidDistrict(%s, %d) = %s', (state, district, ok) => {
    expect(isValidDistrict(state, district)).toBe(ok);
  });

  it.each([
    ['CA', 12, 'CA-12'],
    ['NH', 1, 'NH-1'],
    ['MT', 2, 'MT-2'],
    ['AK', 1, 'AK-AL'],
    ['DE', 1, 'DE-AL'],
    ['ND', 1, 'ND-AL'],
    ['SD', 1, 'SD-AL'],
    ['VT', 1, 'VT-AL'],
    ['WY', 1, 'WY-AL'],
  ])('districtLabel(%s, %i) = %s; at large: the state has one district', (state, district, label) => {
    expect(districtLabel(state, district)).toBe(label);
    expect(isAtLarge(state)).toBe(label.endsWith('-AL'));
  });

  it('lists districts 1..count', () => {
    expect(districtsOf('NH')).toEqual([1, 2]);
    expect(districtsOf('QQ')).toEqual([]);
    expect(isStateCode('ca')).toBe(false);
    expect(isStateCode('CA')).toBe(true);
  });
});
