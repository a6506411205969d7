import { HelpCircle, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { DEBATE_LIMITS, DEBATE_MESSAGES, MAX_SECONDS, MAX_WORDS, formatSeconds } from '../../../domain/debates/debate-rules';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../components/ui/dialog';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { LinkButton } from '../../components/ui/link-button';
import { Skeleton } from '../../components/ui/skeleton';
import { useSession } from '../session/use-session';
import { CreateDebateDialog } from './create-debate-dialog';
import { DaysLeft, DebateTypeBadge, ParticipantsBadge } from './debate-badges';
import { useDebates } from './debate-queries';
import { useDocumentTitle } from '../../components/layout/use-document-title';

function HowItWorksDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <HelpCircle className="h-4 w-4" aria-hidden="true" /> How It Works
        </Button>
      </DialogTrigger>
      <DialogContent title="How Debates Work" description="Three parts: a response, a rebuttal and a defense.">
        <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
          <li>
            A creator poses a prompt, as text or audio, open for {DEBATE_LIMITS.minDays} to {DEBATE_LIMITS.maxDays} days (7 by default), and may invite up to{' '}
            {DEBATE_LIMITS.maxInvitedFriends} friends.
          </li>
          <li>
            Up to {DEBATE_LIMITS.maxParticipants} participants each submit one <strong>response</strong> (at most {MAX_WORDS.response} words or{' '}
            {formatSeconds(MAX_SECONDS.response)} of audio).
          </li>
          <li>
            Any other participant may <strong>rebut</strong> a response ({MAX_WORDS.rebuttal} words or {formatSeconds(MAX_SECONDS.rebuttal)}).
          </li>
          <li>
            The response’s author may <strong>defend</strong> against each rebuttal ({MAX_WORDS.defense} words or {formatSeconds(MAX_SECONDS.defense)}).
          </li>
          <li>Everyone signed in votes contributions up or down and may award a brownie to their authors.</li>
          <li>
            You may have {DEBATE_LIMITS.activeDebatesUnverified} active debate at a time, {DEBATE_LIMITS.activeDebatesVerified} once verified. When a debate closes,
            its content stays available for viewing.
          </li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading debates">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** /debate: open debates, newest first; the create and how-it-works dialogs; a register prompt for visitors. */
export default function DebatesPage() {
  useDocumentTitle('Debates');
  const { user, isLoading: sessionLoading } = useSession();
  const debates = useDebates();

  return (
    <Page
      title="Debates"
      subtitle="Make your case, rebut others, defend your view."
      actions={
        <div className="flex flex-wrap gap-2">
          <HowItWorksDialog />
          {user ? <CreateDebateDialog /> : null}
        </div>
      }
    >
      {!user && !sessionLoading ? (
        <Card className="mb-6 border-orange-200 bg-orange-50">
          <CardHeader>
            <CardTitle>Join the conversation</CardTitle>
            <CardDescription className="text-slate-700">Register or log in to create debates, respond, vote and award brownies.</CardDescription>
          </CardHeader>
          <CardContent>
            <LinkButton to="/auth" variant="accent">
              Register to Debate
            </LinkButton>
          </CardContent>
        </Card>
      ) : null}

      <h2 className="mb-3 text-lg font-semibold text-slate-900">Active Debates</h2>
      {debates.isPending ? (
        <ListSkeleton />
      ) : debates.isError ? (
        <ErrorState title={DEBATE_MESSAGES.loadListFailed} message={debates.error.message}>
          <Button onClick={() => void debates.refetch()}>Retry</Button>
        </ErrorState>
      ) : debates.data.length === 0 ? (
        <EmptyState>No active debates yet.{user ? ' Start one!' : ''}</EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Active debates">
          {debates.data.map((d) => (
            <li key={d.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle className="text-lg">
                    <Link to={`/debate/${d.id}`} className="text-navy-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-navy-500">
                      {d.title}
                    </Link>
                  </CardTitle>
                  <div className="flex flex-wrap items-center gap-2">
                    <DebateTypeBadge type={d.debateType} />
                    <ParticipantsBadge debate={d} />
                  </div>
                </CardHeader>
                <CardContent className="space-y-2">
                  <p className="line-clamp-3 text-sm break-words text-slate-700">{d.prompt}</p>
                  <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
                    <DaysLeft debate={d} />
                    <span className="inline-flex items-center gap-1">
                      <MessagesSquare className="h-4 w-4" aria-hidden="true" /> {d.responseCount} {d.responseCount === 1 ? 'response' : 'responses'} · by {d.creator.name}
                    </span>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
