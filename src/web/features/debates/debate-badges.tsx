import { Clock, FileText, Mic, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DebateSummary } from '../../../domain/debates/debate-types';

/** The type badge: Audio or Text. */
export function DebateTypeBadge({ type }: { type: DebateSummary['debateType'] }) {
  const { t } = useTranslation('debates');
  const audio = type === 'audio';
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-medium text-navy-800">
      {audio ? <Mic className="h-3.5 w-3.5" aria-hidden="true" /> : <FileText className="h-3.5 w-3.5" aria-hidden="true" />}
      {audio ? t('badges.audio') : t('badges.text')}
    </span>
  );
}

/** Participants 'count/max'. */
export function ParticipantsBadge({ debate }: { debate: Pick<DebateSummary, 'participantCount' | 'maxParticipants'> }) {
  const { t } = useTranslation('debates');
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800">
      <Users className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">
        {t('badges.participants')}{' '}
      </span>
      {debate.participantCount}/{debate.maxParticipants}
    </span>
  );
}

/** 'N days left in this debate' or 'Debate closed'. */
export function DaysLeft({ debate }: { debate: Pick<DebateSummary, 'daysLeft' | 'closed'> }) {
  const { t } = useTranslation('debates');
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-700">
      <Clock className="h-4 w-4" aria-hidden="true" />
      {debate.closed ? t('badges.closed') : t('badges.daysLeft', { count: debate.daysLeft })}
    </span>
  );
}
