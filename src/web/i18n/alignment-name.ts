import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ALIGNMENTS, type Alignment } from '../../domain/profiles/alignment';

/** Each listed political alignment's name in the `common` catalog (the value stored and sent stays the English name). */
const ALIGNMENT_KEYS = {
  Republican: 'alignments.republican',
  Democrat: 'alignments.democrat',
  Libertarian: 'alignments.libertarian',
  Constitutionalist: 'alignments.constitutionalist',
  Green: 'alignments.green',
  Reformer: 'alignments.reformer',
  'No Labels': 'alignments.noLabels',
  Independent: 'alignments.independent',
  Other: 'alignments.other',
} as const satisfies Record<Alignment, string>;

export function isListedAlignment(value: string): value is Alignment {
  return (ALIGNMENTS as readonly string[]).includes(value);
}

/**
 * A political alignment's name in the page's language: a listed one from the catalog, one a
 * person typed under "Other" as they typed it.
 */
export function useAlignmentName(): (value: string) => string {
  const { t } = useTranslation();
  return useCallback((value: string) => (isListedAlignment(value) ? t(ALIGNMENT_KEYS[value]) : value), [t]);
}
