import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { CaucusDetail, CaucusPerson, VoteResult } from '../../../../domain/caucuses/caucus-types';
import { VERIFICATION_REQUIRED_MESSAGE } from '../../../../domain/caucuses/election';
import type { OwnProfile } from '../../../../domain/profiles/profile-types';
import { api } from '../../../api/http';
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
  const queryClient = useQueryClient();
  const viewer = caucus.viewer;
  const [choice, setChoice] = useState<string | null>(viewer?.myVoteCandidateId ?? null);
  const members = caucus.members;
  const nameOf = (id: string | null | undefined) => members.find((m) => m.id === id)?.name ?? 'this member';

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
        toast.success('Delegate Elected', { description: `${nameOf(result.electedDelegateId ?? candidateId)} is the Delegate of ${caucus.name}.` });
        void queryClient.invalidateQueries();
        return;
      }
      if (result.status === 'awaiting_verification') {
        const [title, description] = splitMessage(result.message ?? VERIFICATION_REQUIRED_MESSAGE, 'Verification Required');
        toast.warning(title, { description });
      } else {
        toast.success('Vote recorded', { description: `You voted for ${nameOf(candidateId)}.` });
      }
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
    onError: (error) => {
      const [title, description] = splitMessage(messageOf(error, 'Failed to submit vote'), 'Failed to submit vote');
      toast.error(title, { description });
      void queryClient.invalidateQueries({ queryKey: detailKey(caucus.id) });
    },
  });

  const votedCount = members.filter((m) => m.hasVoted).length;
  const missingSeats = Math.max(0, caucus.requiredVotingMembers - caucus.votingMemberCount);

  if (caucus.electionFinalized) return <ElectionResult caucus={caucus} onShowPerson={onShowPerson} />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Delegate Election</CardTitle>
        <CardDescription>
          A Delegate is elected when all {caucus.requiredVotingMembers} members vote for the same member and every member is verified. You can change your vote until then.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
          <p>
            Votes cast: <strong className="text-slate-900">{votedCount}</strong> of {members.length}
          </p>
          {missingSeats > 0 ? (
            <p>
              Waiting for <strong className="text-slate-900">{missingSeats}</strong> more {missingSeats === 1 ? 'member' : 'members'} to join
            </p>
          ) : null}
        </div>

        {caucus.awaitingVerification ? (
          <div role="alert" className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <div className="space-y-1">
              <p>{VERIFICATION_REQUIRED_MESSAGE}</p>
              {caucus.unverifiedCount > 0 ? (
                <p>
                  {caucus.unverifiedCount} {caucus.unverifiedCount === 1 ? 'member still needs' : 'members still need'} to verify.
                </p>
              ) : null}
              {!user.verified && viewer?.isVotingMember ? (
                <Link to="/verification" className="inline-flex items-center gap-1 font-medium text-amber-900 underline">
                  <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Verify your profile
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
  );
}
