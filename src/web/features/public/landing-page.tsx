import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { AwardIcon, GiftIcon, LandmarkIcon, MessagesSquareIcon, UsersIcon, XIcon } from './landing-icons';
import { LevelLadder } from './level-ladder';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useHydrated } from '../../components/use-hydrated';

const BANNER_KEY = 'caucus.landingBannerDismissed';

/** The feature cards: an icon and the key of their title and text under `landing.features`. */
const FEATURES = [
  { icon: UsersIcon, key: 'caucuses' },
  { icon: LandmarkIcon, key: 'representation' },
  { icon: AwardIcon, key: 'points' },
  { icon: MessagesSquareIcon, key: 'connect' },
] as const;

export default function LandingPage() {
  const { t } = useTranslation('public');
  useDocumentTitle(t('landing.documentTitle'));
  // The browser's storage is read once React has adopted the page the server drew (use-hydrated.ts).
  const hydrated = useHydrated();
  const [dismissedNow, setBannerDismissed] = useState(false);
  const bannerDismissed = dismissedNow || (hydrated && localStorage.getItem(BANNER_KEY) === '1');

  return (
    <div>
      {bannerDismissed ? null : (
        <div className="bg-accent-700 text-white" role="region" aria-label={t('landing.offerLabel')}>
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 text-sm md:text-base">
            <GiftIcon className="h-5 w-5 shrink-0" aria-hidden="true" />
            <p className="flex-1">
              <Trans
                t={t}
                i18nKey="landing.offer"
                components={{ strong: <strong />, anchor: <Link to="/auth" className="font-semibold underline underline-offset-2" /> }}
              />
            </p>
            <button
              type="button"
              aria-label={t('landing.dismissOffer')}
              className="rounded-md p-1 hover:bg-accent-800"
              onClick={() => {
                localStorage.setItem(BANNER_KEY, '1');
                setBannerDismissed(true);
              }}
            >
              <XIcon className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      )}

      <section className="bg-gradient-to-b from-navy-800 to-navy-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
          <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">{t('landing.product')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight md:text-5xl">{t('landing.heading')}</h1>
          <p className="mt-5 max-w-2xl text-lg text-navy-100">{t('landing.intro')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to="/auth" variant="accent" size="lg">
              {t('landing.join')}
            </LinkButton>
            <LinkButton to="/the-movement" variant="inverse" size="lg">
              {t('landing.seeMovement')}
            </LinkButton>
            <LinkButton to="/welcome" variant="inverse" size="lg">
              {t('landing.howItWorks')}
            </LinkButton>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
          {t('landing.featuresHeading')}
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, key }) => (
            <Card key={key}>
              <CardHeader>
                <Icon className="h-8 w-8 text-accent-600" aria-hidden="true" />
                <CardTitle className="mt-2">{t(`landing.features.${key}.title`)}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-slate-700">{t(`landing.features.${key}.text`)}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-white py-14" aria-labelledby="levels-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="levels-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
            {t('landing.levelsHeading')}
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">{t('landing.levelsIntro')}</p>
          <LevelLadder />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 className="text-2xl font-bold text-navy-900 md:text-3xl">{t('landing.ctaHeading')}</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">{t('landing.ctaText')}</p>
        <LinkButton to="/auth" variant="accent" size="lg" className="mt-6">
          {t('landing.join')}
        </LinkButton>
      </section>
    </div>
  );
}
