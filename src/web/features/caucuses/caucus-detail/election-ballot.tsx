import { Loader2, Vote } from 'lucide-react';
import { useId, useLayoutEffect, useRef, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { CaucusDetail } from '../../../../domain/caucuses/caucus-types';
import type { OwnProfile } from '../../../../domain/profiles/profile-types';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/class-names';
import { EmptyState } from '../../../components/ui/page';
import { Avatar } from '../../../components/ui/avatar';

/** A voting member's ballot: their current vote, one radio per voting member with its tally, and Cast Vote or Change Vote. */
export function Ballot({
  caucus,
  user,
  choice,
  onChoose,
  serverVote,
  nameOf,
  pending,
  onVote,
}: {
  caucus: CaucusDetail;
  user: OwnProfile;
  choice: string | null;
  onChoose: (candidateId: string) => void;
  serverVote: string | null;
  nameOf: (id: string | null | undefined) => string;
  pending: boolean;
  onVote: (candidateId: string) => void;
}) {
  const { t } = useTranslation('caucus-detail');
  const ids = useId();
  const fieldset = useRef<HTMLFieldSetElement>(null);
  // A candidate picked before the app adopted the page the server drew (decision 022) stays
  // picked: the next render would otherwise tick the state's choice again.
  useLayoutEffect(() => {
    const picked = fieldset.current?.querySelector<HTMLInputElement>('input[name="candidate"]:checked');
    if (picked && picked.value !== choice) onChoose(picked.value);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice && choice !== serverVote) onVote(choice);
  };
  return (
    <form method="post" onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {serverVote ? (
          <Trans t={t} i18nKey="ballot.currentVote" values={{ name: nameOf(serverVote) }} components={{ strong: <strong className="text-slate-900" /> }} />
        ) : (
          t('ballot.notVoted')
        )}
      </p>
      {/* min-w-0: a fieldset is never narrower than its content's longest word by default, and would leave the card. */}
      <fieldset ref={fieldset} className="min-w-0">
        <legend className="text-sm font-medium text-slate-800">{t('ballot.legend')}</legend>
        <ul className="mt-2 space-y-2">
          {caucus.members.map((m) => {
            const inputId = `${ids}-${m.id}`;
            const votes = caucus.tally[m.id] ?? 0;
            return (
              <li key={m.id}>
                <label
                  htmlFor={inputId}
                  className={cn(
                    'flex cursor-pointer flex-wrap items-center gap-3 rounded-lg border p-3',
                    choice === m.id ? 'border-navy-500 bg-navy-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <input
                    id={inputId}
                    type="radio"
                    name="candidate"
                    value={m.id}
                    checked={choice === m.id}
                    onChange={() => onChoose(m.id)}
                    className="h-4 w-4 shrink-0 accent-navy-700"
                  />
                  <Avatar name={m.name} photoUrl={m.photoUrl} decorative className="h-8 w-8 text-xs" />
                  {/* The name keeps 8rem at least: on a phone the tally wraps under it (issue 29). */}
                  <span className="min-w-0 flex-[1_1_8rem]">
                    <span className="block font-medium break-words text-slate-900">
                      {m.name}
                      {m.id === user.id ? <span className="font-normal text-slate-600"> {t('ballot.you')}</span> : null}
                    </span>
                    <span className="block text-xs text-slate-600">{m.hasVoted ? t('ballot.hasVoted') : t('ballot.notVotedYet')}</span>
                  </span>
                  <VoteCount votes={votes} />
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <Button type="submit" disabled={!choice || choice === serverVote || pending}>
        {pending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Vote className="h-4 w-4" aria-hidden="true" />}
        {pending ? t('ballot.submitting') : serverVote ? t('ballot.changeVote') : t('ballot.castVote')}
      </Button>
    </form>
  );
}

/** What an organizer sees instead of a ballot: each voting member, whether they voted, and their tally. */
export function ElectionFollowList({ caucus }: { caucus: CaucusDetail }) {
  const { t } = useTranslation('caucus-detail');
  const members = caucus.members;
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-600">{t('ballot.organizersFollow')}</p>
      {members.length === 0 ? (
        <EmptyState>{t('ballot.noVotingMembers')}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3 p-3">
              <Avatar name={m.name} photoUrl={m.photoUrl} decorative className="h-8 w-8 text-xs" />
              <span className="min-w-0 flex-[1_1_8rem]">
                <span className="block font-medium break-words text-slate-900">{m.name}</span>
                <span className="block text-xs text-slate-600">{m.hasVoted ? t('ballot.hasVoted') : t('ballot.notVotedYet')}</span>
              </span>
              <VoteCount votes={caucus.tally[m.id] ?? 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function VoteCount({ votes }: { votes: number }) {
  const { t } = useTranslation('caucus-detail');
  return (
    <span className={cn('ml-auto shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold', votes > 0 ? 'bg-accent-700 text-white' : 'bg-slate-100 text-slate-700')}>
      {t('ballot.votes', { count: votes })}
    </span>
  );
}
