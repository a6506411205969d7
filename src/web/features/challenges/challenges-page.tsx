import { HelpCircle } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { Page } from '../../components/ui/page';
import { ChallengesOverview } from './challenges-overview';
import { CreateChallengeDialog } from './create-challenge-dialog';

/** /challenges and /challenge: the viewer's ongoing and recent challenges, the explainer and the Create Challenge dialog. */
export default function ChallengesPage() {
  const { t } = useTranslation('challenges');
  useDocumentTitle(t('challengesPage.title'));
  return (
    <Page
      title={t('challengesPage.title')}
      subtitle={t('challengesPage.subtitle')}
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
  const { t } = useTranslation('challenges');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> {t('challengesPage.whatIs')}
        </Button>
      </DialogTrigger>
      <DialogContent title={t('challengesPage.whatIs')}>
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            <Trans
              t={t}
              i18nKey="challengesPage.explainer.intro"
              components={{ blue: <strong className="text-blue-900" />, orange: <strong className="text-orange-900" /> }}
            />
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('challengesPage.explainer.goal')}</li>
            <li>{t('challengesPage.explainer.teams')}</li>
            <li>{t('challengesPage.explainer.score')}</li>
            <li>{t('challengesPage.explainer.winner')}</li>
            <li>{t('challengesPage.explainer.members')}</li>
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
