import { describe, expect, it } from 'vitest';
import { LATER_DELIVERY_SLOT_SECONDS, laterDeliverySlot } from './delivery-slot';

describe('laterDeliverySlot', () => {
  it.each([
    ['2030-01-01T10:00:00.000Z', '2030-01-01T10:00:00.000Z'], // on a mark: that mark
    ['2030-01-01T10:00:00.001Z', '2030-01-01T10:00:05.000Z'],
    ['2030-01-01T10:00:04.999Z', '2030-01-01T10:00:05.000Z'],
    ['2030-01-01T10:00:05.000Z', '2030-01-01T10:00:05.000Z'],
    ['2030-01-01T10:00:57.300Z', '2030-01-01T10:01:00.000Z'], // across a minute
    ['2030-12-31T23:59:59.500Z', '2031-01-01T00:00:00.000Z'], // across a year
  ])('%s runs at %s', (at, slot) => {
    expect(laterDeliverySlot(new Date(at)).toISOString()).toBe(slot);
  });

  it('never runs before the time, nor a whole slot after it', () => {
    for (let ms = 0; ms < 20_000; ms += 137) {
      const at = new Date(Date.UTC(2030, 0, 1) + ms);
      const slot = laterDeliverySlot(at).getTime();
      expect(slot).toBeGreaterThanOrEqual(at.getTime());
      expect(slot - at.getTime()).toBeLessThan(LATER_DELIVERY_SLOT_SECONDS * 1000);
    }
  });

  it('takes another slot length', () => {
    expect(laterDeliverySlot(new Date('2030-01-01T10:00:00.001Z'), 1).toISOString()).toBe('2030-01-01T10:00:01.000Z');
  });
});
