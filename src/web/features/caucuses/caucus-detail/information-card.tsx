import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import { districtLabel, stateName } from '../../../../domain/geography/states';
import { useAppOrigin } from '../../../components/app-origin';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { CopyButton } from '../../../components/ui/copy-button';
import { Input } from '../../../components/ui/form-controls';
import { Pill } from './pill';
import { PlatformLink } from './platform-link';
import { useAlignmentName } from '../../../i18n/alignment-name';

/** Caucus Information: invitation link, password (for insiders), platform link, type, status, district, level, alignment. */
export function InformationCard({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const inviteUrl = `${useAppOrigin()}/join/${caucus.invitationCode}`;
  const insider = !!caucus.viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('information.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-slate-100">
          <Row label={t('information.invitationLink')}>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input readOnly value={inviteUrl} aria-label={t('information.invitationLinkField')} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton
                text={inviteUrl}
                label={t('information.copyLink')}
                toastTitle={t('information.linkCopied')}
                toastDescription={t('information.linkCopiedDescription')}
                className="shrink-0"
              />
            </div>
          </Row>
          {caucus.isOpen ? null : (
            <Row label={t('information.password')}>
              {insider && caucus.password ? (
                <span className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all text-slate-900">{caucus.password}</span>
              ) : (
                <span className="text-sm text-slate-600">{t('information.passwordHidden')}</span>
              )}
            </Row>
          )}
          <Row label={t('information.platformLink')}>
            <PlatformLink caucus={caucus} />
          </Row>
          <Row label={t('information.type')}>
            <span className="inline-flex items-center gap-1 text-sm font-medium text-slate-900">
              {caucus.isOpen ? null : <Lock className="h-4 w-4 text-slate-500" aria-hidden="true" />}
              {caucus.isOpen ? t('information.typeOpen') : t('information.typePrivate')}
            </span>
          </Row>
          <Row label={t('information.status')}>
            <div className="flex flex-wrap gap-2">
              <Pill tone={caucus.electionFinalized ? 'navy' : 'amber'}>
                {caucus.electionFinalized ? t('information.delegateElected') : t('information.electionPending')}
              </Pill>
              <Pill tone={caucus.status === 'available' ? 'green' : 'slate'}>
                {caucus.status === 'available' ? t('information.statusOpen') : t('information.statusClosed')}
              </Pill>
            </div>
          </Row>
          <Row label={t('information.district')}>
            <span className="text-sm text-slate-900">
              {districtLabel(caucus.state, caucus.district)} ({stateName(caucus.state)})
            </span>
          </Row>
          <Row label={t('information.levelLabel')}>
            <span className="text-sm text-slate-900">{t('level', { level: caucus.level })}</span>
          </Row>
          <Row label={t('information.alignment')}>
            <span className="text-sm break-words text-slate-900">
              <AlignmentName value={caucus.politicalAlignment} />
            </span>
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}


/** A political alignment as read in the page's language: a listed one translated, an Other text as written, or Not specified. */
export function AlignmentName({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('caucus-detail');
  const alignmentName = useAlignmentName();
  if (value === null || value === undefined) return t('information.notSpecified');
  return alignmentName(value);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[9rem_1fr] sm:items-center sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
