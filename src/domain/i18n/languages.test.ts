import { describe, expect, it } from 'vitest';
import { asLanguage, cookieValue, firstKnownLanguage, negotiateLanguage, requestLanguage, requestTheme } from './languages';

describe('negotiateLanguage', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.8', 'en'],
    ['fr-FR,es;q=0.5,en;q=0.4', 'es'],
    ['fr-FR,de;q=0.9', 'en'],
    ['en;q=0.2,es;q=0.7', 'es'],
    ['es;q=0,en', 'en'],
    ['ES-419', 'es'],
    ['es;q=abc,en;q=0.1', 'en'],
    ['*', 'en'],
    ['es_US', 'es'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateLanguage(header)).toBe(expected);
  });
});

describe('firstKnownLanguage', () => {
  it.each([
    [['es-US', 'en-US'], 'es'],
    [['pt-BR', 'en-GB'], 'en'],
    [['pt-BR'], 'en'],
    [[], 'en'],
  ])('%j → %s', (tags, expected) => {
    expect(firstKnownLanguage(tags)).toBe(expected);
  });
});

describe('cookies', () => {
  it('reads one cookie among several', () => {
    expect(cookieValue('a=1; caucus_lang=es; b=2', 'caucus_lang')).toBe('es');
    expect(cookieValue('xcaucus_lang=es', 'caucus_lang')).toBeNull();
    expect(cookieValue(null, 'caucus_lang')).toBeNull();
  });
  it('a chosen language wins over the browser; an unknown cookie does not', () => {
    expect(requestLanguage('caucus_lang=es', 'en-US')).toBe('es');
    expect(requestLanguage('caucus_lang=en', 'es-MX')).toBe('en');
    expect(requestLanguage('caucus_lang=fr', 'es-MX')).toBe('es');
    expect(requestLanguage(undefined, undefined)).toBe('en');
  });
  it('a theme is one of three, else system', () => {
    expect(requestTheme('caucus_theme=dark')).toBe('dark');
    expect(requestTheme('caucus_theme=purple')).toBe('system');
    expect(requestTheme(null)).toBe('system');
  });
});

describe('asLanguage', () => {
  it.each([
    ['es', 'es'],
    ['en', 'en'],
    ['fr', 'en'],
    [null, 'en'],
    [undefined, 'en'],
    ['ES', 'en'],
  ])('%s → %s', (value, expected) => {
    expect(asLanguage(value)).toBe(expected);
  });
});
