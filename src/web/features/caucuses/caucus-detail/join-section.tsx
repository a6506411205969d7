import { useQueryClient } from '@tanstack/react-query';
import { Loader2, UserPlus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { CaucusDetail, JoinResult } from '../../../../domain/caucuses/caucus-types';
import { districtLabel } from '../../../../domain/geography/states';
import type { OwnProfile } from '../../../../domain/profiles/profile-types';
import { ApiError, apiOrConfirmation } from '../../../api/http';
import { Button } from '../../../components/ui/button';
import { detailKey } from './caucus-detail-query';
import { JoinPasswordDialog, LeaveCurrentCaucusDialog, type Confirmation } from './join-dialogs';
import { messageOf } from './toast-text';

/** POST /join, handing back `requires_confirmation` (a 409) as an answer instead of an error. */
async function joinRequest(caucusId: string, body: { password?: string; confirmLeave?: boolean }): Promise<JoinResult> {
  return apiOrConfirmation<JoinResult>(`/api/caucuses/${encodeURIComponent(caucusId)}/join`, { method: 'POST', json: body });
}

/**
 * Why the viewer cannot join, when the page already knows it (the server checks again): the
 * words of JOIN_MESSAGES (src/domain/caucuses/eligibility), in the page's language.
 */
function joinBlocker(caucus: CaucusDetail, user: OwnProfile, t: TFunction<'caucus-detail'>): string | null {
  if (caucus.electionFinalized) return t('join.blockers.finalized');
  if (caucus.viewer?.isOrganizer) return t('join.blockers.organizerCannotVote');
  if (caucus.votingMemberCount >= caucus.requiredVotingMembers) {
    return t('join.blockers.full', { count: caucus.votingMemberCount, max: caucus.requiredVotingMembers });
  }
  if (caucus.level !== user.level) return t('join.blockers.wrongLevel', { caucusLevel: caucus.level, userLevel: user.level });
  if (caucus.state !== user.state || caucus.district !== user.district) {
    return t('join.blockers.wrongDistrict', { district: districtLabel(caucus.state, caucus.district), home: districtLabel(user.state, user.district) });
  }
  return null;
}

/**
 * Join Caucus for an outsider, or why they cannot. A private caucus asks for its password
 * first; when the server answers that joining means leaving the user's caucus at this level,
 * a dialog asks, and the join is sent again with `confirmLeave`.
 */
export function JoinSection({ caucus, user }: { caucus: CaucusDetail; user: OwnProfile }) {
  const { t } = useTranslation('caucus-detail');
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [joining, setJoining] = useState(false);
  const blocker = joinBlocker(caucus, user, t);

  async function join(options: { password?: string; confirmLeave?: boolean }) {
    setJoining(true);
    try {
      const answer = await joinRequest(caucus.id, options);
      if (answer.status === 'requires_confirmation') {
        setPasswordOpen(false);
        setConfirmation(answer);
        return;
      }
      setPasswordOpen(false);
      setConfirmation(null);
      setPassword('');
      if (answer.status === 'already_member') toast.info(answer.message);
      else toast.success(t('join.joinedTitle'), { description: t('join.joinedDescription', { name: caucus.name }) });
      await queryClient.invalidateQueries();
    } catch (error) {
      const message = messageOf(error, t('join.failed'));
      // Too many wrong passwords: the wait, in words, stays in the password dialog.
      if (error instanceof ApiError && (error.code === 'incorrect_password' || error.code === 'password_required' || (error.status === 429 && options.password !== undefined))) {
        setConfirmation(null);
        setPasswordError(message);
        setPasswordOpen(true);
        toast.error(t('join.cannotJoin'), { description: message });
      } else if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        setConfirmation(null);
        setPasswordOpen(false);
        toast.error(t('join.cannotJoin'), { description: message });
        void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
      } else {
        toast.error(t('join.failedMessage', { message }));
      }
    } finally {
      setJoining(false);
    }
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password.trim()) {
      setPasswordError(t('join.blockers.passwordRequired'));
      return;
    }
    setPasswordError(null);
    void join({ password });
  };

  if (blocker) {
    return <p className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{blocker}</p>;
  }
  return (
    <>
      <p className="text-sm text-slate-700">{t('join.seats', { required: caucus.requiredVotingMembers, taken: caucus.votingMemberCount })}</p>
      <Button
        variant="primary"
        className="w-full"
        disabled={joining}
        onClick={() => {
          if (caucus.isOpen) void join({});
          else {
            setPasswordError(null);
            setPasswordOpen(true);
          }
        }}
      >
        {joining ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
        {joining ? t('join.joining') : t('join.joinCaucus')}
      </Button>

      <JoinPasswordDialog
        caucusName={caucus.name}
        open={passwordOpen}
        onOpenChange={(open) => !joining && setPasswordOpen(open)}
        password={password}
        onPasswordChange={(value) => {
          setPassword(value);
          setPasswordError(null);
        }}
        error={passwordError}
        joining={joining}
        onSubmit={submitPassword}
      />

      <LeaveCurrentCaucusDialog
        caucusName={caucus.name}
        confirmation={confirmation}
        joining={joining}
        onCancel={() => setConfirmation(null)}
        onConfirm={() => void join({ password: password || undefined, confirmLeave: true })}
      />
    </>
  );
}
