import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SPANISH_MESSAGE_PATTERNS, SPANISH_MESSAGES } from '../../domain/i18n/server-messages-es';
import { hasSpanish, translateMessage } from '../../domain/i18n/translate-message';
import { suspensionMessage } from '../../domain/moderation/moderation-rules';
import { tooManyAttemptsMessage } from '../../domain/throttle/wait-words';
import { missingStepsMessage, VERIFICATION_MESSAGES } from '../../domain/verification/verification-schemas';

/**
 * Every message the server or the shared schemas can show a person has its Spanish (issue 15).
 * The messages are found in the source with a small scanner (strings, templates, comments and
 * regular expressions told apart) and a few rules: arguments of the refusal helpers, `message:`,
 * `error:` and (on the server) `title:` values, messages of zod checks, every string of the
 * message objects (`*_MESSAGES`, `*_ERRORS`, `MESSAGES`), message constants (`*_UNAVAILABLE`,
 * `*_NOT_FOUND`) and what the `*Message` functions of src/domain return. A template with `${…}`
 * must match a pattern once each `${…}` is replaced by a sample (both branches of a
 * `cond ? 'a' : 'b'`, else `7`).
 */

const SRC = fileURLToPath(new URL('../..', import.meta.url));
/** Test support (fixtures, seeds, clients) says nothing to people. */
const SKIPPED_DIRS = new Set(['test']);
/** Files whose texts are not the server's messages to people, or are translated elsewhere. */
const SKIPPED_FILES = new Set([
  'server/logger.ts', // log lines
  'server/settings.ts', // the operator's start-up errors
  'server/features/link-previews/link-preview-meta.ts', // page titles of link previews
  'domain/notifications/notifications.ts', // notification texts (their own translation)
  'domain/notifications/notification-preferences.ts', // notification settings labels
  'domain/i18n/server-messages-es.ts', // the Spanish table itself
  'server/mail/templates.ts', // mail, written in both languages there
  'server/http/api-docs.ts', // the API's reference for developers, in English (decision 031)
  'server/features/api-docs/api-docs.routes.ts', // the reference page itself
  'server/features/auth/auth-docs.ts', // better-auth's endpoints as the reference describes them
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(full);
    const source = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts');
    return source && !SKIPPED_FILES.has(path.relative(SRC, full).split(path.sep).join('/')) ? [full] : [];
  });
}

// ---------------------------------------------------------------------------------------
// The scanner: top-level string literals and templates of a file, and the file with every
// comment blanked and every literal's content masked (so brackets and quotes inside them
// never confuse the rules below).

interface Literal {
  start: number;
  end: number;
  /** The cooked text: the whole string, or a template's text pieces around its `${…}`. */
  quasis: string[];
  /** A template's `${…}` expressions (source text). */
  expressions: string[];
}

const REGEX_BEFORE = /(?:^|[(,=:[!&|?{};+\-*%<>~^]|\b(?:return|typeof|case|in|of|new|delete|void|throw|else|do|yield|await))\s*$/;

function cook(raw: string): string {
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[^])/g, (_, e: string) => {
    if (e.startsWith('u{')) return String.fromCodePoint(parseInt(e.slice(2, -1), 16));
    if (e.startsWith('u') && e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    if (e.startsWith('x') && e.length === 3) return String.fromCharCode(parseInt(e.slice(1), 16));
    return ({ n: '\n', t: '\t', r: '\r', '\n': '' } as Record<string, string>)[e] ?? e;
  });
}

class Scanner {
  readonly literals: Literal[] = [];
  readonly masked: string[];

  constructor(readonly src: string) {
    this.masked = src.split('');
  }

  private mask(from: number, to: number) {
    for (let k = from; k < to; k++) if (this.masked[k] !== '\n') this.masked[k] = ' ';
  }

  /** Scans code from `i`; with `untilBrace`, stops after the `}` closing a template's `${`. */
  code(i: number, top: boolean, untilBrace = false): number {
    const s = this.src;
    let depth = 0;
    while (i < s.length) {
      const ch = s[i]!;
      if (ch === '/' && s[i + 1] === '/') {
        const end = s.indexOf('\n', i);
        this.mask(i, end < 0 ? s.length : end);
        i = end < 0 ? s.length : end;
      } else if (ch === '/' && s[i + 1] === '*') {
        const end = s.indexOf('*/', i + 2) + 2;
        this.mask(i, end);
        i = end;
      } else if (ch === '/' && REGEX_BEFORE.test(this.masked.slice(Math.max(0, i - 20), i).join(''))) {
        let k = i + 1;
        let inClass = false;
        while (k < s.length && (inClass || s[k] !== '/')) {
          if (s[k] === '\\') k++;
          else if (s[k] === '[') inClass = true;
          else if (s[k] === ']') inClass = false;
          k++;
        }
        this.mask(i + 1, k);
        i = k + 1;
      } else if (ch === "'" || ch === '"') {
        let k = i + 1;
        while (k < s.length && s[k] !== ch) k += s[k] === '\\' ? 2 : 1;
        if (top) this.literals.push({ start: i, end: k + 1, quasis: [cook(s.slice(i + 1, k))], expressions: [] });
        this.mask(i + 1, k);
        i = k + 1;
      } else if (ch === '`') {
        i = this.template(i, top);
      } else if (ch === '{') {
        depth++;
        i++;
      } else if (ch === '}') {
        if (untilBrace && depth === 0) return i + 1;
        depth--;
        i++;
      } else {
        i++;
      }
    }
    return i;
  }

  private template(start: number, top: boolean): number {
    const s = this.src;
    const quasis: string[] = [];
    const expressions: string[] = [];
    let k = start + 1;
    let piece = k;
    while (k < s.length && s[k] !== '`') {
      if (s[k] === '\\') {
        k += 2;
      } else if (s[k] === '$' && s[k + 1] === '{') {
        quasis.push(cook(s.slice(piece, k)));
        this.mask(piece, k);
        const end = this.code(k + 2, false, true);
        expressions.push(s.slice(k + 2, end - 1));
        this.mask(k, end);
        k = piece = end;
      } else {
        k++;
      }
    }
    quasis.push(cook(s.slice(piece, k)));
    this.mask(piece, k);
    if (top) this.literals.push({ start, end: k + 1, quasis, expressions });
    return k + 1;
  }
}

function scan(src: string): { literals: Literal[]; masked: string } {
  const scanner = new Scanner(src);
  scanner.code(0, true);
  return { literals: scanner.literals, masked: scanner.masked.join('') };
}

/** The one literal `text` is made of (a branch of a ternary), or null. */
function onlyLiteral(text: string): Literal | null {
  const { literals, masked } = scan(text);
  if (literals.length !== 1) return null;
  const [lit] = literals;
  return masked.slice(0, lit!.start).trim() === '' && masked.slice(lit!.end).trim() === '' ? lit! : null;
}

/** `cond ? a : b` split at its top-level `?` and `:`, or null. */
function ternaryBranches(expression: string): [string, string] | null {
  const m = scan(expression).masked;
  let depth = 0;
  let question = -1;
  let nested = 0;
  for (let k = 0; k < m.length; k++) {
    const ch = m[k]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (depth !== 0) continue;
    else if (ch === '?' && m[k + 1] !== '.' && m[k + 1] !== '?' && m[k - 1] !== '?') {
      if (question < 0) question = k;
      else nested++;
    } else if (ch === ':' && question >= 0) {
      if (nested > 0) nested--;
      else return [expression.slice(question + 1, k), expression.slice(k + 1)];
    }
  }
  return null;
}

const SAMPLE = '7';

/** Every text a literal can give: a template's `${…}` are samples or both branches of a ternary. */
function variants(lit: Literal): string[] {
  let texts = [lit.quasis[0]!];
  lit.expressions.forEach((expression, i) => {
    const branches = ternaryBranches(expression);
    const literals = branches?.map(onlyLiteral);
    const options = literals && literals.every((l) => l !== null) ? literals.flatMap((l) => variants(l!)) : [SAMPLE];
    texts = texts.flatMap((text) => options.map((option) => text + option + lit.quasis[i + 1]!));
  });
  return texts;
}

// ---------------------------------------------------------------------------------------
// The rules: which literals are messages.

/** Refusal helpers and the index of their message argument. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  badRequest: 1,
  forbidden: 1,
  conflict: 1,
  notFound: 0,
  tooLarge: 0,
  unauthorized: 0,
  AppError: 2,
  appError: 2,
  idOr404: 0,
  idParams: 1,
};
/** zod checks whose string argument is the issue's message. */
const ZOD_CHECKS = new Set(['min', 'max', 'length', 'int', 'regex', 'refine', 'uuid', 'email', 'url', 'nonempty', 'gt', 'gte', 'lt', 'lte', 'positive', 'nonnegative', 'string', 'number']);
/** Objects whose every string is a message. */
const MESSAGE_OBJECT = /\bexport\s+const\s+(?![A-Z_]*LABELS\b)([A-Z_]*(?:MESSAGES|ERRORS)|MESSAGES)\s*(?::[^=]+)?=\s*\{/g;
/** Functions of src/domain that make a message: what they return is one. */
const MESSAGE_FUNCTION = /\bfunction\s+\w+Message\s*\(/g;
/** A string constant that is a message (the 503 of a live stream). */
const MESSAGE_CONSTANT = /\bexport\s+const\s+[A-Z_]*(?:UNAVAILABLE|NOT_FOUND|_MESSAGE|_ERROR)\s*=\s*$/;
/**
 * `message: …`, `error: …`, `const message = …` (and on the server, the `title: …` of a refusal)
 * before the literal, in the same expression, of which the literal is a value (not an operand).
 */
const MESSAGE_KEY = /^\s*(?:(?:(?:const|let)\s+)?message\s*=(?!=)|(?:message|error)\s*:)/;
const SERVER_MESSAGE_KEY = /^\s*title\s*:/;
const VALUE_POSITION = /(?:[:?]|\?\?|\|\||(?<![=!<>])=)\s*$/;

interface Context {
  /** The expression the literal is part of, up to it (from the last `,`, `;` or open bracket). */
  prefix: string;
  /** The function called with the literal among its arguments, if any. */
  callee: string | null;
  /** The call is a method's (`.min(`, `z.uuid(`). */
  method: boolean;
  argument: number;
}

function contextOf(masked: string, at: number): Context {
  let depth = 0;
  let k = at - 1;
  for (; k >= 0; k--) {
    const ch = masked[k]!;
    if (')]}'.includes(ch)) depth++;
    else if ('([{'.includes(ch)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && (ch === ',' || ch === ';')) {
      break;
    }
  }
  const prefix = masked.slice(k + 1, at);
  // The enclosing bracket, and which argument of it the literal is.
  let argument = 0;
  depth = 0;
  let open = k;
  for (; open >= 0; open--) {
    const ch = masked[open]!;
    if (')]}'.includes(ch)) depth++;
    else if ('([{'.includes(ch)) {
      if (depth === 0) break;
      depth--;
    } else if (depth === 0 && ch === ',') {
      argument++;
    }
  }
  const call = masked[open] === '(' ? /(\.\s*)?([A-Za-z_$][\w$]*)\s*$/.exec(masked.slice(Math.max(0, open - 60), open)) : null;
  return { prefix, callee: call?.[2] ?? null, method: !!call?.[1], argument };
}

/** Where the block opened at `open` closes. */
function blockEnd(masked: string, open: number): number {
  let depth = 0;
  for (let k = open; k < masked.length; k++) {
    if (masked[k] === '{') depth++;
    else if (masked[k] === '}' && --depth === 0) return k;
  }
  return masked.length;
}

interface Found {
  file: string;
  line: number;
  texts: string[];
}

function messagesOf(file: string): Found[] {
  const src = readFileSync(file, 'utf8');
  const server = path.relative(SRC, file).startsWith('server');
  const { literals, masked } = scan(src);
  const objects: Array<[number, number]> = [];
  for (const m of masked.matchAll(MESSAGE_OBJECT)) {
    const open = m.index + m[0].length - 1;
    objects.push([open, blockEnd(masked, open)]);
  }
  const functions: Array<[number, number]> = [];
  // The shared rules' message makers (the server's `*Message` functions write private messages).
  for (const m of server ? [] : masked.matchAll(MESSAGE_FUNCTION)) {
    let depth = 0;
    let k = m.index + m[0].length - 1;
    for (; k < masked.length; k++) {
      if (masked[k] === '(') depth++;
      else if (masked[k] === ')' && --depth === 0) break;
    }
    const open = masked.indexOf('{', k);
    functions.push([open, blockEnd(masked, open)]);
  }
  const found: Found[] = [];
  for (const lit of literals) {
    const inside = (ranges: Array<[number, number]>) => ranges.some(([from, to]) => lit.start > from && lit.start < to);
    const before = masked.slice(Math.max(0, lit.start - 200), lit.start);
    const ctx = contextOf(masked, lit.start);
    const isMessage =
      inside(objects) ||
      (inside(functions) && /\breturn\s*$/.test(ctx.prefix)) ||
      MESSAGE_CONSTANT.test(before) ||
      ((MESSAGE_KEY.test(ctx.prefix) || (server && SERVER_MESSAGE_KEY.test(ctx.prefix))) && VALUE_POSITION.test(ctx.prefix)) ||
      (ctx.callee !== null && MESSAGE_ARGUMENT[ctx.callee] === ctx.argument) ||
      (ctx.callee !== null && ctx.method && ZOD_CHECKS.has(ctx.callee) && ctx.prefix.trim() === '');
    if (!isMessage) continue;
    const texts = variants(lit).filter((text) => /[A-Za-z]{2}/.test(text));
    if (texts.length === 0) continue;
    found.push({ file: path.relative(SRC, file), line: src.slice(0, lit.start).split('\n').length, texts });
  }
  return found;
}

const files = [...sourceFiles(path.join(SRC, 'server')), ...sourceFiles(path.join(SRC, 'domain'))];
const found = files.flatMap(messagesOf);
const messages = new Set(found.flatMap((f) => f.texts));

describe('the Spanish of the server messages', () => {
  it('finds the messages of the code (a scanner that finds nothing proves nothing)', () => {
    if (process.env.LIST_SERVER_MESSAGES) for (const f of found) console.log(`${f.file}:${f.line}\t${f.texts.join('\n\t')}`);
    expect(files.length).toBeGreaterThan(100);
    expect(messages.size).toBeGreaterThanOrEqual(200);
    // A few of each kind, so a broken rule shows here.
    for (const known of [
      'Caucus not found', // CAUCUS_ERRORS
      'Auth session missing!', // unauthorized()'s default
      'An unexpected error occurred. Please try again.', // the 500
      'This request did not come from the app. Please reload the page and try again.', // CSRF
      'Enter an email address or choose a user', // zod refine { message }
      'Choose a voting member of this caucus', // z.uuid('…')
      'This item was already deleted.', // conflict(code, '…')
      'Live chat updates are not available right now.', // a message constant
      'This is an audio debate.', // a template's ternary, both branches
      `Messages can be at most ${SAMPLE} characters`, // a template with a sample
    ]) {
      expect(messages, known).toContain(known);
    }
  });

  it('has a Spanish text for every message', () => {
    const missing = found.flatMap((f) => f.texts.filter((text) => !hasSpanish(text)).map((text) => `${f.file}:${f.line}  ${JSON.stringify(text)}`));
    expect(missing, `messages without Spanish in src/domain/i18n/server-messages-es.ts:\n${missing.join('\n')}\n`).toEqual([]);
  });

  it('has Spanish for the messages made at run time, whatever their parts', () => {
    const made = [
      ...[true, false].flatMap((feePaid) =>
        (['none', 'pending', 'verified', 'failed'] as const).map((identity) => missingStepsMessage({ verified: false, feePaid, identity })),
      ),
      missingStepsMessage({ verified: true, feePaid: true, identity: 'verified' }),
      suspensionMessage(new Date('2026-03-05T20:00:00Z'), 'Repeated spam', 'America/New_York'),
      suspensionMessage(new Date('2026-03-05T20:00:00Z'), null),
      // The titles the verification refusals carry: their text before the colon.
      ...Object.values(VERIFICATION_MESSAGES).flatMap((message) => (message.includes(':') ? [message.slice(0, message.indexOf(':'))] : [])),
    ];
    expect(made.filter((message) => !hasSpanish(message))).toEqual([]);
    // Every wait in words, in Spanish words.
    for (const seconds of [1, 5, 59, 60, 61, 119, 3600, 3601, 3660, 3720, 7200, 7260, 7320, 86_400]) {
      expect(translateMessage('es', tooManyAttemptsMessage(seconds)), String(seconds)).not.toMatch(/\b(?:Too|seconds?|minutes?|hours?|and)\b/);
    }
  });

  it('gives every pattern the placeholders of its English, and no Spanish text is left empty', () => {
    const names = (text: string) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();
    for (const [english, spanish] of SPANISH_MESSAGE_PATTERNS) {
      expect(names(english).length, english).toBeGreaterThan(0);
      expect(names(spanish), english).toEqual(names(english));
    }
    for (const [english, spanish] of Object.entries(SPANISH_MESSAGES)) expect(spanish.trim(), english).not.toBe('');
  });
});

describe('translateMessage', () => {
  it.each([
    ['an exact message', 'es', 'Caucus not found', 'Asamblea no encontrada'],
    ['a pattern', 'es', 'Too many attempts. Please try again in 5 minutes.', 'Demasiados intentos. Inténtalo de nuevo en 5 minutos.'],
    ['a pattern whose value is a message', 'es', 'This invitation has already been declined.', 'Esta invitación ya fue rechazada.'],
    ['the most specific pattern first', 'es', 'Too many attempts. Please try again in 2 hours and 5 minutes.', 'Demasiados intentos. Inténtalo de nuevo en 2 horas y 5 minutos.'],
    ['a pattern with a translated value', 'es', 'Your rebuttal has been submitted successfully!', '¡Tu réplica se envió correctamente!'],
    ['a pattern with two values', 'es', 'This caucus is full (10/10 members).', 'Esta asamblea está completa (10/10 miembros).'],
    ['an unknown message, unchanged', 'es', 'Something nobody wrote', 'Something nobody wrote'],
    ['English, unchanged', 'en', 'Caucus not found', 'Caucus not found'],
  ] as const)('%s', (_, language, english, expected) => {
    expect(translateMessage(language, english)).toBe(expected);
  });

  it('translates a suspension with and without its reason', () => {
    expect(translateMessage('es', 'Your account is suspended until March 5, 2026 at 3:00 PM: Repeated spam. You can still sign in and read.')).toBe(
      'Tu cuenta está suspendida hasta el March 5, 2026 at 3:00 PM: Repeated spam. Todavía puedes iniciar sesión y leer.',
    );
    expect(translateMessage('es', 'Your account is suspended until March 5, 2026 at 3:00 PM. You can still sign in and read.')).toBe(
      'Tu cuenta está suspendida hasta el March 5, 2026 at 3:00 PM. Todavía puedes iniciar sesión y leer.',
    );
  });

  it('says whether a message has Spanish', () => {
    expect(hasSpanish('Caucus not found')).toBe(true);
    expect(hasSpanish('Too many attempts. Please try again in 1 hour and 5 minutes.')).toBe(true);
    expect(hasSpanish('Something nobody wrote')).toBe(false);
  });
});
