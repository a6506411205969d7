import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CaucusDetail, CaucusPerson } from '../../../../domain/caucuses/caucus-types';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/page';
import { BrownieButton } from '../../brownies/brownie-button';
import { PersonButton } from './person-button';
import { Pill } from './pill';

/** Members (seats taken/required): for insiders, each voting member, the Delegate, who voted, and a brownie to give. */
export function MembersCard({ caucus, onShowPerson }: { caucus: CaucusDetail; onShowPerson: (p: CaucusPerson) => void }) {
  const { t } = useTranslation('caucus-detail');
  const insider = !!caucus.viewer?.isMember;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('members.title', { count: caucus.votingMemberCount, required: caucus.requiredVotingMembers })}</CardTitle>
      </CardHeader>
      <CardContent>
        {!insider ? (
          <p className="text-sm text-slate-600">{t('members.joinToSee')}</p>
        ) : caucus.members.length === 0 ? (
          <EmptyState>{t('members.empty')}</EmptyState>
        ) : (
          <ul className="space-y-1">
            {caucus.members.map((m) => (
              // The name keeps its room: in a narrow column (the sidebar at 1280 px, a phone) the
              // Delegate pill, then Voted and the brownie, wrap under it rather than squeeze it
              // to a letter a line (issue 29).
              <li key={m.id} className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="flex min-w-0 flex-[1_1_14rem] flex-wrap items-center gap-x-2 gap-y-1">
                  <PersonButton person={m} onShow={onShowPerson} />
                  {caucus.electedDelegate?.id === m.id ? <Pill tone="navy">{t('members.delegate')}</Pill> : null}
                </span>
                <span className="ml-auto flex shrink-0 items-center gap-2">
                  {!caucus.electionFinalized && m.hasVoted ? (
                    <span className="flex shrink-0 items-center gap-1 text-xs text-green-800">
                      <Check className="h-3.5 w-3.5" aria-hidden="true" /> {t('members.voted')}
                    </span>
                  ) : null}
                  <BrownieButton receiverId={m.id} receiverName={m.name} compact />
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
