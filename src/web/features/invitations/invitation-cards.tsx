import { Check, Mail, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { districtLabel } from '../../../domain/geography/states';
import { ApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import { EmptyState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import {
  RESPOND_FAILED,
  useRespondToOrganizerInvitation,
  useRespondToVoterInvitation,
  type Answer,
  type InvitationView,
  type MyCaucus,
} from './invitation-queries';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** A section of a page: heading, optional actions, content. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-8 first:mt-0">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold text-navy-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Pill({ tone, children }: { tone: 'green' | 'navy' | 'amber' | 'slate' | 'red'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-800',
    navy: 'bg-navy-100 text-navy-800',
    amber: 'bg-amber-100 text-amber-900',
    slate: 'bg-slate-100 text-slate-700',
    red: 'bg-red-100 text-red-800',
  } as const;
  return <span className={cn('inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[tone])}>{children}</span>;
}

function CaucusStatus({ caucus }: { caucus: MyCaucus }) {
  if (caucus.status === 'finalized') return <Pill tone="green">Delegate Elected</Pill>;
  if (caucus.status === 'full') return <Pill tone="amber">Full · Election Pending</Pill>;
  return <Pill tone="navy">Open · Election Pending</Pill>;
}

/** A caucus card linking to its page. */
export function CaucusCard({ caucus }: { caucus: MyCaucus }) {
  return (
    <li>
      <Card className="h-full transition-shadow hover:shadow-md">
        <Link to={`/caucus/${caucus.id}`} className="flex h-full flex-col gap-2 rounded-2xl p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-navy-800">{caucus.name}</h3>
            <CaucusStatus caucus={caucus} />
          </div>
          <p className="text-sm text-slate-600">
            Level {caucus.level} · {districtLabel(caucus.state, caucus.district)} · {caucus.votingMemberCount}/{caucus.requiredVotingMembers} members
          </p>
        </Link>
      </Card>
    </li>
  );
}

export function CardGridSkeleton({ label, count = 2 }: { label: string; count?: number }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2" role="status" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="space-y-3" role="status" aria-label={label}>
      <Skeleton className="h-20 rounded-2xl" />
      <Skeleton className="h-20 rounded-2xl" />
    </div>
  );
}

/** A short error with a retry button, for one section of a page. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** Caucus cards with their loading, error and empty states. */
export function CaucusCards({
  caucuses,
  isLoading,
  error,
  onRetry,
  empty,
  label,
}: {
  caucuses: MyCaucus[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: ReactNode;
  label: string;
}) {
  if (isLoading) return <CardGridSkeleton label={`Loading ${label.toLowerCase()}`} />;
  if (error) return <SectionError message={`Failed to load caucuses: ${error.message}`} onRetry={onRetry} />;
  if (!caucuses || caucuses.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={label}>
      {caucuses.map((c) => (
        <CaucusCard key={c.id} caucus={c} />
      ))}
    </ul>
  );
}

const STATUS_PILL = {
  pending: <Pill tone="amber">Pending</Pill>,
  accepted: <Pill tone="green">Accepted</Pill>,
  declined: <Pill tone="slate">Declined</Pill>,
} as const;

/** One invitation: the caucus, who sent it (or to whom), when, its status, and any actions. */
export function InvitationItem({ invitation, direction, actions }: { invitation: InvitationView; direction: 'received' | 'sent'; actions?: ReactNode }) {
  const c = invitation.caucus;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-navy-50 text-navy-700">
            <Mail className="h-4 w-4" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="font-semibold break-words text-slate-900">
              <Link to={`/caucus/${c.id}`} className="text-navy-800 hover:underline">
                {c.name}
              </Link>
            </p>
            <p className="text-sm text-slate-600">
              Level {c.level} · {districtLabel(c.state, c.district)}
              {c.isOpen ? '' : ' · Private'}
            </p>
            <p className="text-sm text-slate-600">
              {direction === 'received' ? `From ${invitation.inviterName}` : `To ${invitation.inviteeName}`} · {formatDate(invitation.createdAt)}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {invitation.status === 'pending' && actions ? actions : STATUS_PILL[invitation.status]}
        </div>
      </Card>
    </li>
  );
}

function AnswerButtons({ name, busy, onAnswer }: { name: string; busy: Answer | null; onAnswer: (a: Answer) => void }) {
  return (
    <>
      {/* Each name starts with the word the button shows (WCAG 2.5.3), also while busy. */}
      <Button size="sm" onClick={() => onAnswer('accepted')} disabled={busy !== null} aria-label={`${busy === 'accepted' ? 'Accepting' : 'Accept'} invitation to ${name}`}>
        <Check className="h-4 w-4" aria-hidden="true" />
        {busy === 'accepted' ? 'Accepting…' : 'Accept'}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onAnswer('declined')} disabled={busy !== null} aria-label={`${busy === 'declined' ? 'Declining' : 'Decline'} invitation to ${name}`}>
        <X className="h-4 w-4" aria-hidden="true" />
        {busy === 'declined' ? 'Declining…' : 'Decline'}
      </Button>
    </>
  );
}

function InvitationList({ invitations, empty, label, render }: { invitations: InvitationView[]; empty: ReactNode; label: string; render: (i: InvitationView) => ReactNode }) {
  if (invitations.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="space-y-3" aria-label={label}>
      {invitations.map(render)}
    </ul>
  );
}

const PASSWORD_CODES = new Set(['password_required', 'incorrect_password']);

/**
 * Voting-member invitations with Accept and Decline. Accepting a private caucus asks for
 * its password; when the server asks to confirm leaving the user's current caucus at the
 * level, a dialog asks, and the answer is sent again with confirmLeave.
 */
export function VoterInvitationList({ invitations, empty }: { invitations: InvitationView[]; empty: ReactNode }) {
  const respond = useRespondToVoterInvitation();
  const navigate = useNavigate();
  const [passwordFor, setPasswordFor] = useState<InvitationView | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<{ invitation: InvitationView; password?: string; message: string } | null>(null);
  const busyId = respond.isPending ? respond.variables?.invitationId : undefined;

  async function answer(invitation: InvitationView, response: Answer, extra: { password?: string; confirmLeave?: boolean } = {}) {
    try {
      const outcome = await respond.mutateAsync({ invitationId: invitation.id, response, ...extra });
      setPasswordFor(null);
      if (outcome.kind === 'requires_confirmation') {
        setConfirm({ invitation, password: extra.password, message: outcome.message });
        return;
      }
      setConfirm(null);
      if (response === 'accepted') {
        toast.success('Invitation accepted', {
          description: `You are now a voting member of ${invitation.caucus.name}.`,
          action: { label: 'View caucus', onClick: () => navigate(`/caucus/${invitation.caucus.id}`) },
        });
      } else {
        toast.success('Invitation declined');
      }
    } catch (error) {
      // A wrong password, or too many of them (the wait in words): the password dialog says so.
      if (response === 'accepted' && error instanceof ApiError && (PASSWORD_CODES.has(error.code) || (error.status === 429 && extra.password !== undefined))) {
        setConfirm(null);
        setPasswordError(extra.password === undefined && error.code === 'password_required' ? undefined : error.message);
        setPasswordFor(invitation);
        return;
      }
      setPasswordFor(null);
      setConfirm(null);
      if (response === 'accepted' && error instanceof ApiError && error.status >= 400 && error.status < 500) {
        toast.error('Cannot Join', { description: error.message });
      } else {
        toast.error(RESPOND_FAILED, { description: error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined });
      }
    }
  }

  function accept(invitation: InvitationView) {
    if (!invitation.caucus.isOpen) {
      setPasswordError(undefined);
      setPasswordFor(invitation);
      return;
    }
    void answer(invitation, 'accepted');
  }

  return (
    <>
      <InvitationList
        invitations={invitations}
        empty={empty}
        label="Voting member invitations"
        render={(invitation) => (
          <InvitationItem
            key={invitation.id}
            invitation={invitation}
            direction="received"
            actions={
              <AnswerButtons
                name={invitation.caucus.name}
                busy={busyId === invitation.id ? (respond.variables?.response ?? null) : null}
                onAnswer={(a) => (a === 'accepted' ? accept(invitation) : void answer(invitation, 'declined'))}
              />
            }
          />
        )}
      />
      <PasswordDialog
        key={passwordFor?.id ?? 'closed'}
        invitation={passwordFor}
        error={passwordError}
        busy={respond.isPending}
        onCancel={() => setPasswordFor(null)}
        onSubmit={(password) => passwordFor && void answer(passwordFor, 'accepted', { password })}
      />
      <Dialog open={confirm !== null} onOpenChange={(open) => !open && setConfirm(null)}>
        {confirm ? (
          <DialogContent title="Leave Your Current Caucus?" description={confirm.message}>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={respond.isPending}
                onClick={() => void answer(confirm.invitation, 'accepted', { password: confirm.password, confirmLeave: true })}
              >
                {respond.isPending ? 'Joining…' : 'Leave and Join'}
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}

function PasswordDialog({
  invitation,
  error,
  busy,
  onCancel,
  onSubmit,
}: {
  invitation: InvitationView | null;
  error?: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const inputId = useId();
  const errorId = useId();
  const [blank, setBlank] = useState(false);
  const shownError = blank ? 'Please enter the caucus password.' : error;

  function close() {
    setPassword('');
    setBlank(false);
    onCancel();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!password.trim()) {
      setBlank(true);
      return;
    }
    setBlank(false);
    onSubmit(password);
  }

  return (
    <Dialog
      open={invitation !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {invitation ? (
        <DialogContent title="Join Private Caucus" description={`${invitation.caucus.name} is private. Enter its password to accept the invitation.`}>
          <form onSubmit={submit} className="space-y-4" noValidate>
            <div className="space-y-1.5">
              <Label htmlFor={inputId}>Caucus password</Label>
              <Input
                id={inputId}
                type="password"
                autoComplete="off"
                autoFocus
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-invalid={shownError ? true : undefined}
                aria-describedby={shownError ? errorId : undefined}
              />
              <FieldError id={errorId}>{shownError}</FieldError>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? 'Joining…' : 'Join Caucus'}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export const ORGANIZER_RESPOND_FAILED = 'Failed to respond to invitation.';

/** Organizer invitations with Accept and Decline on the received, pending ones. */
export function OrganizerInvitationList({
  invitations,
  direction,
  empty,
  label,
}: {
  invitations: InvitationView[];
  direction: 'received' | 'sent';
  empty: ReactNode;
  label: string;
}) {
  const respond = useRespondToOrganizerInvitation();
  const navigate = useNavigate();
  const busyId = respond.isPending ? respond.variables?.invitationId : undefined;

  function answer(invitation: InvitationView, response: Answer) {
    respond.mutate(
      { invitationId: invitation.id, response },
      {
        onSuccess: () => {
          if (response === 'accepted') {
            toast.success('Invitation accepted', {
              description: `You now organize ${invitation.caucus.name}.`,
              action: { label: 'View caucus', onClick: () => navigate(`/caucus/${invitation.caucus.id}`) },
            });
          } else {
            toast.success('Invitation declined');
          }
        },
        onError: (error) =>
          toast.error(ORGANIZER_RESPOND_FAILED, { description: error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined }),
      },
    );
  }

  return (
    <InvitationList
      invitations={invitations}
      empty={empty}
      label={label}
      render={(invitation) => (
        <InvitationItem
          key={invitation.id}
          invitation={invitation}
          direction={direction}
          actions={
            direction === 'received' ? (
              <AnswerButtons
                name={invitation.caucus.name}
                busy={busyId === invitation.id ? (respond.variables?.response ?? null) : null}
                onAnswer={(a) => answer(invitation, a)}
              />
            ) : undefined
          }
        />
      )}
    />
  );
}
