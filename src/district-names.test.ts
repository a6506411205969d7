// An at-large district has one name everywhere (issue 29: the record page said "VT-1" where the
// caucus page said "VT-AL"): every place that writes a district as a code goes through
// `districtLabel` (src/domain/geography/states.ts, table-tested there). This test finds code that
// writes it by hand, `${state}-${district}`, so a new page cannot bring the fault back.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HAND_MADE = /\$\{[^{}]*state[^{}]*\}-\$\{[^{}]*district[^{}]*\}/gi;
/** The one function that names a district, and code that joins the two for another purpose (a key, a log line of the bench). */
const ALLOWED = new Set(['src/domain/geography/states.ts']);

function sources(): string[] {
  return execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z', '--', 'src', 'scripts'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => /\.(?:ts|tsx|mjs)$/.test(f) && !/\.test\.tsx?$/.test(f) && !ALLOWED.has(f) && !f.startsWith('scripts/bench/'));
}

describe('a district is named by districtLabel alone', () => {
  it('no source writes "${state}-${district}" by hand', () => {
    const found: string[] = [];
    for (const file of sources()) {
      let text: string;
      try {
        text = readFileSync(path.join(root, file), 'utf8');
      } catch {
        continue; // tracked but deleted in the working tree
      }
      for (const match of text.matchAll(HAND_MADE)) found.push(`${file}: ${match[0]}`);
    }
    expect(found).toEqual([]);
  });

  it('notices a district written by hand', () => {
    expect('district: `${caucus.state}-${caucus.district}`'.match(HAND_MADE)).toHaveLength(1);
    expect('const label = (s: string, d: number) => `${state}-${district}`;'.match(HAND_MADE)).toHaveLength(1);
  });
});
