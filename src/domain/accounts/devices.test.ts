import { describe, expect, it } from 'vitest';
import { deviceInWords } from './devices';

describe('deviceInWords', () => {
  it.each([
    [{ browser: 'Chrome', system: 'Android' }, 'en', 'Chrome on Android'],
    [{ browser: 'Safari', system: 'iPhone' }, 'es', 'Safari en iPhone'],
    [{ browser: 'Firefox', system: null }, 'en', 'Firefox'],
    [{ browser: null, system: 'Windows' }, 'es', 'Windows'],
    [{ browser: null, system: null }, 'en', 'Unknown device'],
    [{ browser: '', system: null }, 'es', 'Dispositivo desconocido'],
  ] as const)('%j in %s → %s', (device, language, words) => {
    expect(deviceInWords(device, language)).toBe(words);
  });
});
