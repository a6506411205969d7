import { ChevronRight, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';

/** A state or district the movement's pages do not know (a mistyped address). */
export function MovementNotFound() {
  const { t } = useTranslation('movement');
  return (
    <Page className="text-center">
      <Compass className="mx-auto h-12 w-12 text-navy-300" aria-hidden="true" />
      <h1 className="mt-4 text-3xl font-bold text-navy-900">{t('notFound.title')}</h1>
      <p className="mt-2 text-slate-600">{t('notFound.text')}</p>
      <LinkButton to="/the-movement" className="mt-6">
        {t('notFound.back')}
      </LinkButton>
    </Page>
  );
}

/** The way back up: The Movement › a state › a district (the last one is the page itself). */
export function MovementBreadcrumbs({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  const { t } = useTranslation('movement');
  const steps = [{ label: t('breadcrumbs.movement'), to: '/the-movement' }, ...trail];
  return (
    <nav aria-label={t('breadcrumbs.label')} className="-mt-3 mb-6">
      <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
        {steps.map((step, i) => (
          <li key={i} className="flex items-center gap-1">
            {i > 0 ? <ChevronRight className="h-4 w-4" aria-hidden="true" /> : null}
              {step.to ? (
                <Link to={step.to} className="text-navy-700 underline underline-offset-2">
                  {step.label}
                </Link>
              ) : (
                <span aria-current="page">{step.label}</span>
              )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
