import { useQueryClient } from '@tanstack/react-query';
import type { ParseKeys } from 'i18next';
import { CircleCheck, CreditCard, Loader2, LogIn, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatPrice, type PREMIUM_BADGES } from '../../../domain/badges/catalogue';
import type { PremiumBadgeView } from '../../../domain/premium-badges/premium-badge-types';
import { ApiError } from '../../api/http';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { BadgeArt } from '../badges/badge-art';
import { SESSION_KEY, useSession } from '../session/use-session';
import { useBuyPremiumBadge, useCheckPremiumBadge, usePremiumBadge } from './premium-badge-api';

/** How long the page waits, after the provider sends the browser back, for the payment to be recorded. */
const WAIT_AFTER_RETURN_MS = 60_000;

/** The catalogue's premium badges (PREMIUM_BADGES), by name: the key of their description. */
const DESCRIPTION_KEYS: Record<(typeof PREMIUM_BADGES)[number]['name'], ParseKeys<'premium-badges'>> = {
  'George Washington': 'descriptions.georgeWashington',
};

/** A badge's description key, or undefined for a badge the catalogue does not know (its description is then shown as the server has it). */
function descriptionKey(name: string): ParseKeys<'premium-badges'> | undefined {
  return Object.hasOwn(DESCRIPTION_KEYS, name) ? DESCRIPTION_KEYS[name as keyof typeof DESCRIPTION_KEYS] : undefined;
}

/**
 * /premium-badge/{id}: the badge, its price, and Buy (the provider's page). Coming back with
 * `?payment=success` proves nothing: the page says it is waiting and asks the server until it
 * has recorded the payment.
 */
export default function PremiumBadgePage() {
  const { t } = useTranslation('premium-badges');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [waitUntil, setWaitUntil] = useState(0);
  const [cancelled, setCancelled] = useState(false);
  const queryClient = useQueryClient();
  const { user } = useSession();

  // Back from the provider: drop its parameter, then wait (success) or say it was cancelled.
  useEffect(() => {
    const payment = params.get('payment');
    if (!payment) return;
    setParams(
      (p) => {
        p.delete('payment');
        return p;
      },
      { replace: true },
    );
    if (payment === 'success') setWaitUntil(Date.now() + WAIT_AFTER_RETURN_MS);
    if (payment === 'cancelled') setCancelled(true);
  }, [params, setParams]);

  useEffect(() => {
    if (!waitUntil) return;
    const timer = setTimeout(() => setWaitUntil(0), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  const waiting = waitUntil > 0;
  const { data: badge, isLoading, error, refetch, isRefetching } = usePremiumBadge(id, waiting);

  // Owned now: the navbar and profile learn of the new badge (and maybe Champion), once.
  const owned = badge?.owned ?? false;
  const sessionRefreshed = useRef(false);
  const sessionKnowsBadge = !!badge && !!user?.badgeNames.includes(badge.name);
  useEffect(() => {
    if (!owned || sessionKnowsBadge || sessionRefreshed.current) return;
    sessionRefreshed.current = true;
    void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
  }, [owned, sessionKnowsBadge, queryClient]);

  useDocumentTitle(badge?.name ?? (error ? t('page.notFound') : t('page.documentTitle')));

  if (isLoading) return <PremiumBadgeSkeleton />;
  if (!badge) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Page>
        <ErrorState title={notFound ? t('page.notFound') : t('page.loadFailed')} message={notFound ? t('page.notFoundMessage') : error?.message}>
          {notFound ? null : (
            <Button onClick={() => void refetch()} disabled={isRefetching}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('page.retry')}
            </Button>
          )}
          <LinkButton to="/badges" variant="outline">
            {t('page.backToBadges')}
          </LinkButton>
        </ErrorState>
      </Page>
    );
  }

  const description = descriptionKey(badge.name);
  return (
    <Page className="max-w-3xl">
      <Card>
        <CardContent className="flex flex-col items-center gap-6 pt-8 text-center md:flex-row md:items-start md:text-left">
          <PremiumBadgeImage badge={badge} />
          <div className="min-w-0 flex-1 space-y-3">
            <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t('page.eyebrow')}</p>
            <h1 className="text-2xl font-bold text-navy-900 md:text-3xl">{badge.name}</h1>
            <p className="text-slate-700">{description ? t(description) : badge.description}</p>
            <p className="text-3xl font-bold text-slate-900 tabular-nums" aria-label={t('page.price', { price: formatPrice(badge.priceCents) })}>
              {formatPrice(badge.priceCents)}
            </p>
            <PurchaseState badge={badge} signedIn={!!user} waiting={waiting} cancelled={cancelled} />
          </div>
        </CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey="page.championNote"
          components={{ anchor: <Link to="/champion" className="font-medium text-navy-700 underline underline-offset-2" /> }}
        />
      </p>
    </Page>
  );
}

function PurchaseState({
  badge,
  signedIn,
  waiting,
  cancelled,
}: {
  badge: PremiumBadgeView;
  signedIn: boolean;
  waiting: boolean;
  cancelled: boolean;
}) {
  const { t } = useTranslation('premium-badges');
  const format = useFormat();
  const buy = useBuyPremiumBadge(badge.id);
  const check = useCheckPremiumBadge(badge.id);
  const leaving = buy.isPending || buy.isSuccess; // success: the browser is on its way to the provider

  if (badge.owned) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-lg bg-emerald-50 p-3 font-semibold text-emerald-800 md:justify-start" role="status">
        <CircleCheck className="h-5 w-5" aria-hidden="true" /> {t('purchase.owned')}
        {badge.purchasedAt ? <span className="font-normal text-emerald-700">{t('purchase.since', { date: format.date(badge.purchasedAt) })}</span> : null}
      </p>
    );
  }
  if (!signedIn) {
    return (
      <Button asChild variant="accent" size="lg">
        <Link to="/auth">
          <LogIn className="h-5 w-5" aria-hidden="true" /> {t('purchase.signInToBuy')}
        </Link>
      </Button>
    );
  }
  if (waiting) {
    return (
      <p className="flex items-center justify-center gap-2 rounded-lg bg-navy-50 p-3 text-navy-900 md:justify-start" role="status">
        <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> {t('purchase.waiting')}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {cancelled ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          {t('purchase.cancelled')}
        </p>
      ) : badge.paymentPending ? (
        <div className="space-y-2 rounded-lg bg-slate-100 p-3 text-sm text-slate-700" role="status">
          <p>{t('purchase.pending')}</p>
          <Button variant="outline" size="sm" onClick={() => check.mutate()} disabled={check.isPending} aria-busy={check.isPending || undefined}>
            {check.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <RefreshCw className="h-4 w-4" aria-hidden="true" />} {t('purchase.checkAgain')}
          </Button>
        </div>
      ) : null}
      <Button variant="accent" size="lg" onClick={() => buy.mutate()} disabled={leaving} aria-busy={leaving || undefined}>
        {leaving ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" /> : <CreditCard className="h-5 w-5" aria-hidden="true" />}
        {leaving ? t('purchase.opening') : t('purchase.buy', { price: formatPrice(badge.priceCents) })}
      </Button>
    </div>
  );
}

/** The badge's artwork (one style for every badge; George Washington has its own emblem). */
function PremiumBadgeImage({ badge }: { badge: PremiumBadgeView }) {
  const { t } = useTranslation('premium-badges');
  return <BadgeArt name={badge.name} category="Premium" size={160} label={t('page.artwork', { name: badge.name })} />;
}

function PremiumBadgeSkeleton() {
  const { t } = useTranslation('premium-badges');
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:py-10" role="status" aria-label={t('page.loading')}>
      <div className="flex flex-col items-center gap-6 rounded-2xl border border-slate-200 p-8 md:flex-row md:items-start">
        <Skeleton className="h-40 w-40 rounded-full" />
        <div className="w-full flex-1 space-y-3">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-10 w-40" />
        </div>
      </div>
      <span className="sr-only">{t('page.loadingText')}</span>
    </div>
  );
}
