import { Award, Gift, Landmark, MessagesSquare, Users, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { LevelLadder } from './level-ladder';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { useHydrated } from '../../components/use-hydrated';

const BANNER_KEY = 'caucus.landingBannerDismissed';

const FEATURES = [
  { icon: Users, title: 'Caucuses of Ten', text: 'Meet nine neighbours from your congressional district, discuss what matters and agree on one Delegate, unanimously.' },
  { icon: Landmark, title: 'Representation That Grows', text: 'Each Delegate moves up a level. Five levels up, your district has a Candidate who speaks for about 100,000 voters.' },
  { icon: Award, title: 'Sparks, Banners and Brownies', text: 'Earn points for recruiting, organising and encouraging others, and collect badges along the way.' },
  { icon: MessagesSquare, title: 'Debate and Connect', text: 'Friends, private messages, broadcasts, debates and team challenges keep the conversation going.' },
];

export default function LandingPage() {
  useDocumentTitle('Welcome');
  // The browser's storage is read once React has adopted the page the server drew (use-hydrated.ts).
  const hydrated = useHydrated();
  const [dismissedNow, setBannerDismissed] = useState(false);
  const bannerDismissed = dismissedNow || (hydrated && localStorage.getItem(BANNER_KEY) === '1');

  return (
    <div>
      {bannerDismissed ? null : (
        <div className="bg-accent-700 text-white" role="region" aria-label="Offer">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 text-sm md:text-base">
            <Gift className="h-5 w-5 shrink-0" aria-hidden="true" />
            <p className="flex-1">
              Join today and claim a <strong>$100 Hotel Savings Card</strong> once your profile is verified.{' '}
              <Link to="/auth" className="font-semibold underline underline-offset-2">
                Get started
              </Link>
            </p>
            <button
              type="button"
              aria-label="Dismiss offer"
              className="rounded-md p-1 hover:bg-accent-800"
              onClick={() => {
                localStorage.setItem(BANNER_KEY, '1');
                setBannerDismissed(true);
              }}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      )}

      <section className="bg-gradient-to-b from-navy-800 to-navy-700 text-white">
        <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
          <p className="text-sm font-semibold tracking-wide text-orange-200 uppercase">The Graduated Unanimous Caucus</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight md:text-5xl">Welcome to a better way to choose who represents you.</h1>
          <p className="mt-5 max-w-2xl text-lg text-navy-100">
            Ten voters of one congressional district form a caucus and unanimously elect a Delegate. Delegates meet at the next level and do the same, until
            your district has its Candidate, chosen by people who know each other.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton to="/auth" variant="accent" size="lg">
              Join the Revolution
            </LinkButton>
            <LinkButton to="/the-movement" variant="inverse" size="lg">
              See the movement
            </LinkButton>
            <LinkButton to="/welcome" variant="inverse" size="lg">
              How it works
            </LinkButton>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-14" aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
          What you can do here
        </h2>
        <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title}>
              <CardHeader>
                <Icon className="h-8 w-8 text-accent-600" aria-hidden="true" />
                <CardTitle className="mt-2">{title}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-slate-700">{text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section className="bg-white py-14" aria-labelledby="levels-heading">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="levels-heading" className="text-2xl font-bold text-navy-900 md:text-3xl">
            Five levels of representation
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700">Every level multiplies the voters behind a Delegate by ten.</p>
          <LevelLadder />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center">
        <h2 className="text-2xl font-bold text-navy-900 md:text-3xl">Your district is waiting for its first caucus.</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">It takes ten people to start. Bring your friends and earn Sparks for every one who joins.</p>
        <LinkButton to="/auth" variant="accent" size="lg" className="mt-6">
              Join the Revolution
            </LinkButton>
      </section>
    </div>
  );
}
