import { describe, expect, it } from 'vitest';
import { deviceOf } from './known-devices.service';

describe('deviceOf (bowser)', () => {
  it.each([
    ['Chrome on Android', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android'],
    ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari', 'iPhone'],
    ['Chrome on iPad', 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1', 'Chrome', 'iPad'],
    ['Safari on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari', 'macOS'],
    ['Firefox on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox', 'Windows'],
    ['a program', 'curl/8.0', null, null],
    ['nothing', '', null, null],
    ['absent', null, null, null],
    ['far too long', `Mozilla/5.0 (Windows NT 10.0) Firefox/127.0 ${'x'.repeat(600)}`, null, null],
  ])('%s', (_name, userAgent, browser, system) => {
    expect(deviceOf(userAgent)).toEqual({ browser, system });
  });
});
