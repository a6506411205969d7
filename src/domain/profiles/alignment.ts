export const ALIGNMENTS = [
  'Republican',
  'Democrat',
  'Libertarian',
  'Constitutionalist',
  'Green',
  'Reformer',
  'No Labels',
  'Independent',
  'Other',
] as const;

export type Alignment = (typeof ALIGNMENTS)[number];

export const OTHER_ALIGNMENT_MAX = 60;

/**
 * The value stored for a chosen alignment: a listed name as is, or the free text for
 * Other ("Other" alone when the text is blank). Returns null when nothing usable is given.
 */
export function resolveAlignment(choice: string, otherText?: string | null): string | null {
  const trimmedOther = (otherText ?? '').trim();
  if (choice === 'Other') return trimmedOther.length > 0 ? trimmedOther : null;
  return (ALIGNMENTS as readonly string[]).includes(choice) ? choice : null;
}

/** Splits a stored alignment back into the picker's choice and its Other text. */
export function splitAlignment(stored: string | null | undefined): { choice: string; other: string } {
  if (!stored) return { choice: '', other: '' };
  if ((ALIGNMENTS as readonly string[]).includes(stored)) return { choice: stored, other: '' };
  return { choice: 'Other', other: stored };
}
