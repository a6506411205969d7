import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Home, LogIn, MapPin, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { INVITATION_CODE_PATTERN } from '../../../domain/caucuses/caucus-schemas';
import { districtLabel, stateName } from '../../../domain/geography/states';
import { ApiError, api } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { savePostLoginPath } from '../session/post-login-path';
import { useSession } from '../session/use-session';
import { useDocumentTitle } from '../../components/layout/use-document-title';

/**
 * /join-caucus/{invitationCode}: looks the caucus up by its code. A signed-in user goes
 * straight to /caucus/{id}; a guest sees the caucus and a Sign In / Register button, with
 * /caucus/{id} saved as the place to land after auth.
 */

interface InvitedCaucus {
  id: string;
  name: string;
  state: string;
  district: number;
  level: number;
}

const TEXT = {
  noCode: 'Invalid invitation link',
  notFound: 'Caucus not found with this invitation code',
  failed: 'An error occurred while processing the invitation',
} as const;

export default function JoinCaucusPage() {
  const { invitationCode = '' } = useParams();
  const code = invitationCode.trim().toUpperCase();
  const valid = INVITATION_CODE_PATTERN.test(code);
  const session = useSession();
  const lookup = useQuery({
    queryKey: ['caucuses', 'by-code', code],
    queryFn: ({ signal }) => api<InvitedCaucus>(`/api/caucuses/by-code/${encodeURIComponent(code)}`, { signal }),
    enabled: valid,
  });
  const caucus = lookup.data;
  const signedIn = !!session.user;

  // A guest who then signs in (or registers) from anywhere lands on the caucus.
  useEffect(() => {
    if (caucus && !session.isLoading && !signedIn) savePostLoginPath(`/caucus/${caucus.id}`);
  }, [caucus, session.isLoading, signedIn]);

  useDocumentTitle(caucus ? `Invitation to ${caucus.name}` : 'Caucus Invitation');

  if (!valid) return <InvalidInvitation message={code ? TEXT.notFound : TEXT.noCode} />;
  if (lookup.isPending || session.isLoading) return <InvitationSkeleton />;
  if (lookup.isError) {
    const error = lookup.error;
    const message = error instanceof ApiError && (error.status === 404 || error.status === 400) ? TEXT.notFound : TEXT.failed;
    return <InvalidInvitation message={message} />;
  }
  if (signedIn) return <Navigate to={`/caucus/${lookup.data.id}`} replace />;
  return <GuestInvitation caucus={lookup.data} />;
}

function GuestInvitation({ caucus }: { caucus: InvitedCaucus }) {
  const navigate = useNavigate();
  return (
    <Page>
      <Card className="mx-auto max-w-lg">
        <CardHeader>
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">You&rsquo;re invited</p>
          <h1 className="text-2xl font-bold break-words text-navy-900">{caucus.name}</h1>
          <CardDescription>Join this caucus and help your district elect its Delegate, unanimously.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <dl className="grid gap-3 rounded-xl border border-navy-100 bg-navy-50 p-4 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-600">State</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <MapPin className="h-4 w-4 text-navy-700" aria-hidden="true" /> {stateName(caucus.state)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">District</dt>
              <dd className="font-medium text-slate-900">{districtLabel(caucus.state, caucus.district)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Level</dt>
              <dd className="flex items-center gap-1 font-medium text-slate-900">
                <Users className="h-4 w-4 text-navy-700" aria-hidden="true" /> Level {caucus.level}
              </dd>
            </div>
          </dl>
          <p className="text-sm text-slate-700">Sign in or create an account to see the caucus and take your seat. You will come straight back here.</p>
          <Button
            variant="primary"
            size="lg"
            className="w-full"
            onClick={() => {
              savePostLoginPath(`/caucus/${caucus.id}`);
              navigate('/auth');
            }}
          >
            <LogIn className="h-5 w-5" aria-hidden="true" /> Sign In / Register
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <Page>
      <Card className="mx-auto max-w-lg border-red-200" role="alert">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-xl font-bold text-red-800">
            <AlertTriangle className="h-5 w-5" aria-hidden="true" /> Invalid Invitation
          </h1>
        </CardHeader>
        <CardContent className="space-y-4">
          <p className="text-sm text-slate-700">{message}</p>
          <Button asChild variant="primary">
            <Link to="/">
              <Home className="h-4 w-4" aria-hidden="true" /> Go to Homepage
            </Link>
          </Button>
        </CardContent>
      </Card>
    </Page>
  );
}

function InvitationSkeleton() {
  return (
    <Page>
      <Card className="mx-auto max-w-lg space-y-4 p-5" role="status" aria-label="Loading invitation">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-20" />
        <Skeleton className="h-12" />
        <span className="sr-only">Loading…</span>
      </Card>
    </Page>
  );
}

