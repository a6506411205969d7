import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CaucusDetail, CaucusPerson, VoteResult } from '../../../../domain/caucuses/caucus-types';
import type { OwnProfile } from '../../../../domain/profiles/profile-types';
import { FORMER_MEMBER_NAME } from '../../../../domain/profiles/profile-types';
import { api } from '../../../api/http';
import { usePersonName } from '../../../i18n/person-name';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { detailKey } from './caucus-detail-query';
import { Ballot, ElectionFollowList } from './election-ballot';
import { ElectionResult } from './election-result';
import { messageOf, splitMessage } from './toast-text';

/**
 * Delegate Election, for members and organizers: the votes cast, the verification the
 * finalization waits for, and the ballot (voting members) or the tally (organizers); once
 * finalized, the elected Delegate.
 */
export function ElectionCard({ caucus, user, onShowPerson }: { caucus: CaucusDetail; user: OwnProfile; onShowPerson: (p: CaucusPerson) => void }) {
  const { t } = useTranslation('caucus-detail');
  const personName = usePersonName();
  const queryClient = useQueryClient();
  const viewer = caucus.viewer;
  const [choice, setChoice] = useState<string | null>(viewer?.myVoteCandidateId ?? null);
  const members = caucus.members;
  const nameOf = (id: string | null | undefined) => members.find((m) => m.id === id)?.name ?? t('election.thisMember');

  // The server's vote wins when it changes (another tab, a refresh).
  const serverVote = viewer?.myVoteCandidateId ?? null;
  const lastServerVote = useRef(serverVote);
  useEffect(() => {
    if (serverVote !== lastServerVote.current) {
      lastServerVote.current = serverVote;
      setChoice(serverVote);
    }
  }, [serverVote]);

  const vote = useMutation({
    mutationFn: (candidateId: string) => api<VoteResult>(`/api/caucuses/${caucus.id}/vote`, { method: 'PUT', json: { candidateId } }),
    onSuccess: (result, candidateId) => {
      if (result.status === 'finalized') {
        toast.success(t('election.electedTitle'), {
          description: t('election.electedDescription', { name: nameOf(result.electedDelegateId ?? candidateId), caucus: caucus.name }),
        });
        void queryClient.invalidateQueries();
        return;
      }
      if (result.status === 'awaiting_verification') {
        // The server's message when it gave one, else ours.
        const [title, description] = result.message
          ? splitMessage(result.message, t('election.verificationRequiredTitle'))
          : [t('election.verificationRequiredTitle'), t('election.verificationRequiredBody')];
        toast.warning(title, { description });
      } else {
        toast.success(t('election.voteRecorded'), { description: t('election.votedFor', { name: nameOf(candidateId) }) });
      }
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
    onError: (error) => {
      const [title, description] = splitMessage(messageOf(error, t('election.voteFailed')), t('election.voteFailed'));
      toast.error(title, { description });
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
  });

  const votedCount = members.filter((m) => m.hasVoted).length;
  const missingSeats = Math.max(0, caucus.requiredVotingMembers - caucus.votingMemberCount);

  // The result is announced to screen readers when the election finalizes while the page is
  // open (by this member's vote or another's): a live region present before and after.
  const [announcement, setAnnouncement] = useState('');
  const wasFinalized = useRef(caucus.electionFinalized);
  const delegateName = personName(caucus.electedDelegate?.name ?? FORMER_MEMBER_NAME);
  useEffect(() => {
    if (caucus.electionFinalized && !wasFinalized.current) setAnnouncement(t('result.announcement', { name: delegateName }));
    wasFinalized.current = caucus.electionFinalized;
  }, [caucus.electionFinalized, delegateName, t]);
  const liveResult = (
    <p role="status" className="sr-only">
      {announcement}
    </p>
  );

  if (caucus.electionFinalized) {
    return (
      <>
        {liveResult}
        <ElectionResult caucus={caucus} onShowPerson={onShowPerson} takeFocus={announcement !== ''} />
      </>
    );
  }

  return (
    <>
      {liveResult}
      <Card>
        <CardHeader>
          <CardTitle>{t('election.title')}</CardTitle>
          <CardDescription>{t('election.description', { count: caucus.requiredVotingMembers })}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
            <p>
              <Trans
                t={t}
                i18nKey="election.votesCast"
                values={{ voted: votedCount, total: members.length }}
                components={{ strong: <strong className="text-slate-900" /> }}
              />
            </p>
            {missingSeats > 0 ? (
              <p>
                <Trans t={t} i18nKey="election.waiting" values={{ count: missingSeats }} components={{ strong: <strong className="text-slate-900" /> }} />
              </p>
            ) : null}
          </div>

          {caucus.awaitingVerification ? (
            <div role="alert" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              <div className="space-y-1">
                <p>{t('election.verificationRequired')}</p>
                {caucus.unverifiedCount > 0 ? (
                  <p>{t('election.unverified', { count: caucus.unverifiedCount })}</p>
                ) : null}
                {!user.verified && viewer?.isVotingMember ? (
                  <Link to="/verification" className="inline-flex items-center gap-1 font-medium text-amber-900 underline">
                    <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {t('election.verifyProfile')}
                  </Link>
                ) : null}
              </div>
            </div>
          ) : null}

          {viewer?.canVote ? (
            <Ballot
              caucus={caucus}
              user={user}
              choice={choice}
              onChoose={setChoice}
              serverVote={serverVote}
              nameOf={nameOf}
              pending={vote.isPending}
              onVote={(candidateId) => vote.mutate(candidateId)}
            />
          ) : (
            <ElectionFollowList caucus={caucus} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
