import { describe, expect, it } from 'vitest';
import { boldTextWidthEm, caucusCardDetails, caucusCardSvg, caucusCardVersion, escapeXml, fitText } from './share-card';

const card = { name: 'Maple Street', state: 'OH', district: 3, level: 2 };

describe('escapeXml', () => {
  it.each([
    ['plain', 'plain'],
    [`<b>"Tom" & 'Jerry'</b>`, '&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;'],
    ['a\u0000b\u0008c\u001fd', 'abcd'],
    ['tab\tand\nline', 'tab\tand\nline'],
    ['lone \ud800 surrogate', 'lone  surrogate'],
    ['pair 👍 kept', 'pair 👍 kept'],
    ['no \ufffe or \uffff', 'no  or '],
  ])('%j is %j', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });
});

describe('boldTextWidthEm', () => {
  it.each([
    ['', 0],
    ['i', 0.4],
    ['M', 1.12],
    ['A', 0.86],
    ['a', 0.73],
    [' ', 0.52],
    ['é', 1],
    ['👍🏽', 1],
  ])('%j is %f em', (text, em) => {
    expect(boldTextWidthEm(text)).toBeCloseTo(em, 5);
  });

  it('measures a wide name wider than a narrow one of the same length', () => {
    expect(boldTextWidthEm('MMMM')).toBeGreaterThan(2 * boldTextWidthEm('iiii'));
  });
});

describe('fitText', () => {
  const box = { maxWidth: 1040, fontSizes: [76, 64, 54], maxLines: 2 };

  it.each([
    ['Maple Street', { fontSize: 76, lines: ['Maple Street'] }],
    ['', { fontSize: 76, lines: [] }],
    ['   spaced    out   ', { fontSize: 76, lines: ['spaced out'] }],
    ['Maple Street Neighbours', { fontSize: 76, lines: ['Maple Street', 'Neighbours'] }],
    ['Maple Street Neighbours of the Third District', { fontSize: 64, lines: ['Maple Street Neighbours', 'of the Third District'] }],
  ])('%j fits as %o', (text, fitted) => {
    expect(fitText(text, box)).toEqual(fitted);
  });

  it('takes a smaller size before it cuts', () => {
    const text = 'Neighbours of Maple Street and Oak Avenue United';
    const fitted = fitText(text, box);
    expect(fitted).toEqual({ fontSize: 54, lines: ['Neighbours of Maple Street', 'and Oak Avenue United'] });
  });

  it('cuts with an ellipsis at the smallest size, every line within the width', () => {
    const fitted = fitText('word '.repeat(60), box);
    expect(fitted.fontSize).toBe(54);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[1]!.endsWith('…')).toBe(true);
    for (const line of fitted.lines) expect(boldTextWidthEm(line) * 54).toBeLessThanOrEqual(1040);
  });

  it('breaks a word longer than a line', () => {
    const fitted = fitText('W'.repeat(100), box);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.lines[0]).toMatch(/^W+$/);
    expect(fitted.lines[1]).toMatch(/^W+…$/);
    for (const line of fitted.lines) expect(boldTextWidthEm(line) * fitted.fontSize).toBeLessThanOrEqual(1040);
  });

  it('keeps one line when told', () => {
    expect(fitText('Level 5 caucus · Massachusetts · MA-9', { maxWidth: 300, fontSizes: [34], maxLines: 1 }).lines).toEqual(['Level 5…']);
  });
});

describe('caucusCardVersion', () => {
  it('is the same for the same card and changes with each thing the card shows', () => {
    const v = caucusCardVersion(card);
    expect(caucusCardVersion({ ...card })).toBe(v);
    expect(v).toMatch(/^[A-Za-z0-9_-]{16}$/);
    for (const other of [{ name: 'Maple Street!' }, { state: 'OK' }, { district: 4 }, { level: 3 }]) {
      expect(caucusCardVersion({ ...card, ...other })).not.toBe(v);
    }
  });
});

describe('caucusCardSvg', () => {
  it.each([
    [{ ...card, state: 'OH', district: 3 }, 'Level 2 caucus · Ohio · OH-3'],
    [{ ...card, state: 'AK', district: 1 }, 'Level 2 caucus · Alaska · AK-AL'],
  ])('says where the caucus is: %o', (c, details) => {
    expect(caucusCardDetails(c)).toBe(details);
    expect(caucusCardSvg(c)).toContain(`>${details}</text>`);
  });

  it('is 1200×630 with the name, the call to join and the app name', () => {
    const svg = caucusCardSvg(card);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/);
    expect(svg).toContain('>Maple Street</tspan>');
    expect(svg).toContain('>Join this caucus</text>');
    expect(svg).toContain('>Graduated Unanimous Caucus</text>');
  });

  it('escapes the name', () => {
    const svg = caucusCardSvg({ ...card, name: `"></text><script> & 'Co'` });
    expect(svg).not.toContain('<script>');
    const lines = [...svg.matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
    expect(lines.join(' ')).toBe('&quot;&gt;&lt;/text&gt;&lt;script&gt; &amp; &apos;Co&apos;');
  });
});
