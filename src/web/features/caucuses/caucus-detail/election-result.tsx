import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaucusDetail, CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FORMER_MEMBER_NAME } from '../../../../domain/profiles/profile-types';
import { usePersonName } from '../../../i18n/person-name';

/**
 * Delegate Election once finalized: who was elected, and where they go next. `takeFocus` when
 * it replaces the ballot under the voter's eyes (their vote finalized it): the button they
 * pressed is gone, and the focus goes to the result rather than to the page's start.
 */
export function ElectionResult({ caucus, onShowPerson, takeFocus = false }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void; takeFocus?: boolean }) {
  const { t } = useTranslation('caucus-detail');
  const personName = usePersonName();
  const delegate = caucus.electedDelegate;
  const nextLevel = Math.min(5, caucus.level + 1);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus && (document.activeElement === document.body || document.activeElement === null)) region.current?.focus();
  }, [takeFocus]);
  return (
    <Card ref={region} tabIndex={-1} aria-label={t('result.title')} role="region">
      <CardHeader>
        <CardTitle>{t('result.title')}</CardTitle>
        <CardDescription>{t('result.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center gap-3 rounded-xl border border-navy-100 bg-navy-50 p-4">
          <CheckCircle2 className="h-6 w-6 shrink-0 text-navy-700" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-medium text-navy-800">{t('result.elected')}</p>
            {delegate ? (
              <button
                type="button"
                aria-haspopup="dialog"
                className="text-lg font-semibold break-words text-navy-900 underline-offset-4 hover:underline"
                onClick={() => onShowPerson(delegate)}
              >
                {personName(delegate.name)}
              </button>
            ) : (
              <p className="text-lg font-semibold text-navy-900">{personName(FORMER_MEMBER_NAME)}</p>
            )}
            <p className="text-sm text-slate-700">
              {caucus.level === 5 ? t('result.representsAsCandidate', { level: nextLevel }) : t('result.represents', { level: nextLevel })}
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
