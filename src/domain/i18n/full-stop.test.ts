import { describe, expect, it } from 'vitest';
import { singleFullStop } from './full-stop';

describe('singleFullStop: a sentence ending on an abbreviation takes one full stop', () => {
  it.each([
    ['Cifras al 26 nov 2026, 9:36 p.m.. Se vuelven a contar.', 'Cifras al 26 nov 2026, 9:36 p.m. Se vuelven a contar.'],
    ['hasta el 26 de noviembre de 2026 a las 9:36 a.m..', 'hasta el 26 de noviembre de 2026 a las 9:36 a.m.'],
    ['Welcome to Acme Inc.. Enjoy.', 'Welcome to Acme Inc. Enjoy.'],
    ['Figures as of Nov 26, 2026, 9:36 PM. They are counted again.', 'Figures as of Nov 26, 2026, 9:36 PM. They are counted again.'],
    ['Loading...', 'Loading...'],
    ['Wait.... what', 'Wait.... what'],
    ['Cargando…', 'Cargando…'],
    ['p.m.., a.m..', 'p.m., a.m.'],
    ['', ''],
  ])('%j → %j', (text, expected) => {
    expect(singleFullStop(text)).toBe(expected);
  });
});
