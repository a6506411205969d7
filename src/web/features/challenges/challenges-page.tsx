import { HelpCircle } from 'lucide-react';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Page } from '../../components/ui/page';
import { ChallengesOverview } from './challenges-overview';
import { CreateChallengeDialog } from './create-challenge-dialog';

/** /challenges and /challenge: the viewer's ongoing and recent challenges, the explainer and the Create Challenge dialog. */
export default function ChallengesPage() {
  useDocumentTitle('Challenges');
  return (
    <Page
      title="Challenges"
      subtitle="Team up with friends, blue against orange, and see who earns the most Sparks or Banners."
      actions={
        <div className="flex flex-wrap gap-2">
          <WhatIsAChallenge />
          <CreateChallengeDialog />
        </div>
      }
    >
      <ChallengesOverview />
    </Page>
  );
}

function WhatIsAChallenge() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> What is a challenge?
        </Button>
      </DialogTrigger>
      <DialogContent title="What is a challenge?">
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            A challenge is a friendly race between two teams, <strong className="text-blue-900">Blue</strong> and{' '}
            <strong className="text-orange-900">Orange</strong>, over 3 to 30 days.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>The creator picks the goal: Sparks (friends you refer who confirm their email) or Banners (caucuses you organize that elect a Delegate).</li>
            <li>The creator picks a team and invites up to 11 friends; each friend who accepts joins the smaller team.</li>
            <li>Each team&apos;s score is the Sparks or Banners its members earn between the start and the end.</li>
            <li>When the time is up the higher team wins, and each of its members earns a challenge win toward the Warrior, Gladiator, Destroyer and Conqueror badges. A tie has no winner.</li>
            <li>Members see the scores, the ranking and a team chat.</li>
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
