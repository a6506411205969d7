import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { LevelLadder } from './level-ladder';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function WelcomePage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('welcome.documentTitle'));
  return (
    <Page title={t('welcome.title')} subtitle={t('welcome.subtitle')}>
      <ol className="grid gap-4 md:grid-cols-3">
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">{t('welcome.steps.join.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('welcome.steps.join.text')}</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">{t('welcome.steps.vote.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('welcome.steps.vote.text')}</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">{t('welcome.steps.moveUp.title')}</h2>
          <p className="mt-2 text-sm text-slate-700">{t('welcome.steps.moveUp.text')}</p>
        </li>
      </ol>
      <LevelLadder />
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild variant="accent">
          <Link to="/auth">{t('welcome.join')}</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/the-movement">{t('welcome.seeMovement')}</Link>
        </Button>
      </div>
    </Page>
  );
}
