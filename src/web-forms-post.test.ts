// Every form of the app posts (issue 29, decision 035): a form sent before the page's code runs,
// or without it, must never put its fields (a password, a caucus password, a token) in an
// address, where the browser's history, the server's log and any proxy keep them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = path.join(path.dirname(new URL(import.meta.url).pathname), 'web');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith('.tsx') ? [file] : [];
  });
}

/** Each `<form …>` opening tag of a file (attributes may span lines). */
function formTags(text: string): string[] {
  return [...text.matchAll(/<form(?=[\s>])[^>]*>/g)].map((m) => m[0]);
}

describe('the forms of the web app', () => {
  const forms = sources(WEB).flatMap((file) => formTags(readFileSync(file, 'utf8')).map((tag) => ({ file: path.relative(WEB, file), tag })));

  it('are found (the check reads the sources)', () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  it('every one says method="post"', () => {
    expect(forms.filter((f) => !/\smethod="post"/.test(f.tag)).map((f) => `${f.file}: ${f.tag}`)).toEqual([]);
  });

  it("the /auth page's forms post to the page's own address, naming which form they are", () => {
    const auth = forms.filter((f) => f.file.startsWith('features/auth/'));
    expect(auth.map((f) => f.file).sort()).toEqual([
      'features/auth/forgot-password-form.tsx',
      'features/auth/login-form.tsx',
      'features/auth/new-password-form.tsx',
      'features/auth/register-form.tsx',
    ]);
    for (const f of auth) {
      expect(f.tag, f.file).toMatch(/\saction=\{action\}/);
      expect(readFileSync(path.join(WEB, f.file), 'utf8'), f.file).toMatch(/<FormName form="[a-z-]+" \/>/);
    }
  });
});
