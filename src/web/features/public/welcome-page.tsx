import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { LevelLadder } from './level-ladder';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function WelcomePage() {
  useDocumentTitle('Getting Started');
  return (
    <Page title="Welcome to the movement" subtitle="Here is how the Graduated Unanimous Caucus works, in three steps.">
      <ol className="grid gap-4 md:grid-cols-3">
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">1. Join or create a caucus</h2>
          <p className="mt-2 text-sm text-slate-700">A caucus is ten voters of your congressional district. Join one that has room, or create one and invite people.</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">2. Talk, then vote unanimously</h2>
          <p className="mt-2 text-sm text-slate-700">Agree on a platform in the caucus chat. When all ten vote for the same person, they become your Delegate.</p>
        </li>
        <li className="rounded-2xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-navy-800">3. Move up together</h2>
          <p className="mt-2 text-sm text-slate-700">Delegates meet at the next level. Five levels up stands your district&apos;s Candidate.</p>
        </li>
      </ol>
      <LevelLadder />
      <div className="mt-8 flex flex-wrap gap-3">
        <Button asChild variant="accent">
          <Link to="/auth">Join the Revolution</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/the-movement">See the movement</Link>
        </Button>
      </div>
    </Page>
  );
}
