import { singleFullStop } from './full-stop';
import { SPANISH_MESSAGE_PATTERNS, SPANISH_MESSAGES } from './server-messages-es';
import type { Language } from './languages';

const PLACEHOLDER = /\{([a-zA-Z]+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface CompiledPattern {
  regex: RegExp;
  names: string[];
  spanish: string;
}

/** "Suspended until {date}" → /^Suspended until (.+?)$/ with names ['date']. */
export function compilePattern(english: string, spanish: string): CompiledPattern {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of english.matchAll(PLACEHOLDER)) {
    source += escapeRegExp(english.slice(last, match.index)) + '([^]+?)';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escapeRegExp(english.slice(last));
  return { regex: new RegExp(`^${source}$`), names, spanish };
}

let compiled: CompiledPattern[] | null = null;

/**
 * A message the server wrote in English (the spec's text), in `language`. A message without a
 * translation stays as it is (the catalog test keeps that from happening to ours).
 */
export function translateMessage(language: Language, message: string): string {
  if (language === 'en') return message;
  const exact = SPANISH_MESSAGES[message];
  if (exact !== undefined) return exact;
  compiled ??= SPANISH_MESSAGE_PATTERNS.map(([english, spanish]) => compilePattern(english, spanish));
  for (const pattern of compiled) {
    const match = pattern.regex.exec(message);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, i) => [name, match[i + 1] ?? '']));
    const spanish = pattern.spanish.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      // A value that is itself one of our messages (a reason, a label) is translated too.
      return value === undefined ? whole : SPANISH_MESSAGES[value] ?? value;
    });
    // A value ending on an abbreviation ("9:36 p.m.") before the sentence's stop: one stop.
    return singleFullStop(spanish);
  }
  return message;
}

/** Whether `message` has a Spanish translation (exact or by a pattern). */
export function hasSpanish(message: string): boolean {
  return translateMessage('es', message) !== message || SPANISH_MESSAGES[message] === message;
}
