import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { useSession } from '../session/use-session';
import { TodoDialog } from '../todo/todo-dialog';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function HomePage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('home.documentTitle'));
  const { user } = useSession();
  return (
    <Page>
      <section className="rounded-3xl bg-gradient-to-br from-navy-800 to-navy-600 px-6 py-12 text-white md:px-12 md:py-16">
        <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">{user ? t('home.welcomeBackName', { name: user.name }) : t('home.welcomeBack')}</p>
        <h1 className="mt-2 text-3xl font-bold md:text-4xl">{t('home.heading')}</h1>
        <p className="mt-4 max-w-2xl text-navy-100">{t('home.intro')}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild variant="accent" size="lg">
            <Link to="/caucus-search">
              <Search className="h-5 w-5" aria-hidden="true" /> {t('home.findCaucus')}
            </Link>
          </Button>
          <Button asChild variant="inverse" size="lg">
            <Link to="/welcome">{t('home.howItWorks')}</Link>
          </Button>
        </div>
      </section>
      {/* The To-Do List dialog: once per browser session per user, when a checklist applies. */}
      <TodoDialog />
    </Page>
  );
}
