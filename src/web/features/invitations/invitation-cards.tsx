import { Check, Mail, X } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
import { useFormat } from '../../i18n/format';
import type { MyCaucus } from '../../../domain/caucuses/caucus-types';
import type { InvitationView } from '../../../domain/caucuses/invitation-types';
import { useRespondToOrganizerInvitation, useRespondToVoterInvitation, type Answer } from './invitation-queries';

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
  const { t } = useTranslation('invitations');
  if (caucus.status === 'finalized') return <Pill tone="green">{t('caucusStatus.finalized')}</Pill>;
  if (caucus.status === 'full') return <Pill tone="amber">{t('caucusStatus.full')}</Pill>;
  return <Pill tone="navy">{t('caucusStatus.open')}</Pill>;
}

/** A caucus card linking to its page. */
export function CaucusCard({ caucus }: { caucus: MyCaucus }) {
  const { t } = useTranslation('invitations');
  return (
    <li>
      <Card className="h-full transition-shadow hover:shadow-md">
        <Link to={`/caucus/${caucus.id}`} className="flex h-full flex-col gap-2 rounded-2xl p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 font-semibold break-words text-navy-800">{caucus.name}</h3>
            <CaucusStatus caucus={caucus} />
          </div>
          <p className="text-sm text-slate-600">
            {t('caucusCard.details', {
              level: caucus.level,
              district: districtLabel(caucus.state, caucus.district),
              members: caucus.votingMemberCount,
              required: caucus.requiredVotingMembers,
            })}
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
  const { t } = useTranslation('invitations');
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('sectionError.retry')}
      </Button>
    </div>
  );
}

/** Caucus cards with their loading (named `loadingLabel`), error and empty states. */
export function CaucusCards({
  caucuses,
  isLoading,
  error,
  onRetry,
  empty,
  label,
  loadingLabel,
}: {
  caucuses: MyCaucus[] | undefined;
  isLoading: boolean;
  error: Error | null;
  onRetry: () => void;
  empty: ReactNode;
  label: string;
  loadingLabel: string;
}) {
  const { t } = useTranslation('invitations');
  if (isLoading) return <CardGridSkeleton label={loadingLabel} />;
  if (error) return <SectionError message={t('caucusCards.failed', { message: error.message })} onRetry={onRetry} />;
  if (!caucuses || caucuses.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label={label}>
      {caucuses.map((c) => (
        <CaucusCard key={c.id} caucus={c} />
      ))}
    </ul>
  );
}

const STATUS_TONE = { pending: 'amber', accepted: 'green', declined: 'slate' } as const;

function InvitationStatus({ status }: { status: InvitationView['status'] }) {
  const { t } = useTranslation('invitations');
  return <Pill tone={STATUS_TONE[status]}>{t(`invitationStatus.${status}`)}</Pill>;
}

/** One invitation: the caucus, who sent it (or to whom), when, its status, and any actions. */
export function InvitationItem({ invitation, direction, actions }: { invitation: InvitationView; direction: 'received' | 'sent'; actions?: ReactNode }) {
  const { t } = useTranslation('invitations');
  const format = useFormat();
  const c = invitation.caucus;
  const date = format.date(invitation.createdAt);
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
              {t(c.isOpen ? 'invitationItem.where' : 'invitationItem.wherePrivate', { level: c.level, district: districtLabel(c.state, c.district) })}
            </p>
            <p className="text-sm text-slate-600">
              {direction === 'received'
                ? t('invitationItem.from', { name: invitation.inviterName, date })
                : t('invitationItem.to', { name: invitation.inviteeName, date })}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:justify-end">
          {invitation.status === 'pending' && actions ? actions : <InvitationStatus status={invitation.status} />}
        </div>
      </Card>
    </li>
  );
}

function AnswerButtons({ name, busy, onAnswer }: { name: string; busy: Answer | null; onAnswer: (a: Answer) => void }) {
  const { t } = useTranslation('invitations');
  return (
    <>
      {/* Each name starts with the word the button shows (WCAG 2.5.3), also while busy. */}
      <Button
        size="sm"
        onClick={() => onAnswer('accepted')}
        disabled={busy !== null}
        aria-label={busy === 'accepted' ? t('answer.acceptingLabel', { name }) : t('answer.acceptLabel', { name })}
      >
        <Check className="h-4 w-4" aria-hidden="true" />
        {busy === 'accepted' ? t('answer.accepting') : t('answer.accept')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        onClick={() => onAnswer('declined')}
        disabled={busy !== null}
        aria-label={busy === 'declined' ? t('answer.decliningLabel', { name }) : t('answer.declineLabel', { name })}
      >
        <X className="h-4 w-4" aria-hidden="true" />
        {busy === 'declined' ? t('answer.declining') : t('answer.decline')}
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
  const { t } = useTranslation('invitations');
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
        toast.success(t('voter.accepted'), {
          description: t('voter.acceptedDescription', { caucus: invitation.caucus.name }),
          action: { label: t('voter.viewCaucus'), onClick: () => navigate(`/caucus/${invitation.caucus.id}`) },
        });
      } else {
        toast.success(t('voter.declined'));
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
        toast.error(t('voter.cannotJoin'), { description: error.message });
      } else {
        toast.error(t('voter.failed'), { description: error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined });
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
        label={t('voter.listLabel')}
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
          <DialogContent title={t('voter.leaveTitle')} description={confirm.message}>
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" onClick={() => setConfirm(null)}>
                {t('voter.cancel')}
              </Button>
              <Button
                variant="destructive"
                disabled={respond.isPending}
                onClick={() => void answer(confirm.invitation, 'accepted', { password: confirm.password, confirmLeave: true })}
              >
                {respond.isPending ? t('voter.joining') : t('voter.leaveAndJoin')}
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
  const { t } = useTranslation('invitations');
  const [password, setPassword] = useState('');
  const inputId = useId();
  const errorId = useId();
  const [blank, setBlank] = useState(false);
  const shownError = blank ? t('password.blank') : error;

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
        <DialogContent title={t('password.title')} description={t('password.description', { caucus: invitation.caucus.name })}>
          <form method="post" onSubmit={submit} className="space-y-4" noValidate>
            <div className="space-y-1.5">
              <Label htmlFor={inputId}>{t('password.label')}</Label>
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
                {t('password.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('password.joining') : t('password.join')}
              </Button>
            </div>
          </form>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

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
  const { t } = useTranslation('invitations');
  const respond = useRespondToOrganizerInvitation();
  const navigate = useNavigate();
  const busyId = respond.isPending ? respond.variables?.invitationId : undefined;

  function answer(invitation: InvitationView, response: Answer) {
    respond.mutate(
      { invitationId: invitation.id, response },
      {
        onSuccess: () => {
          if (response === 'accepted') {
            toast.success(t('organizer.accepted'), {
              description: t('organizer.acceptedDescription', { caucus: invitation.caucus.name }),
              action: { label: t('organizer.viewCaucus'), onClick: () => navigate(`/caucus/${invitation.caucus.id}`) },
            });
          } else {
            toast.success(t('organizer.declined'));
          }
        },
        onError: (error) =>
          toast.error(t('organizer.failed'), { description: error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : undefined }),
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
