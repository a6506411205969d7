import { ReportButton } from '../moderation/report-dialog';
import { ArrowLeft, Loader2, PenSquare, RefreshCw, Send, X } from 'lucide-react';
import { useDebouncedValue } from '../../components/use-debounced-value';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { districtLabel } from '../../../domain/geography/states';
import { FRIEND_SEARCH_DEBOUNCE_MS } from '../../../domain/social/friends';
import { splitMessageLinks } from '../../../domain/social/message-links';
import { PRIVATE_MESSAGE_MAX, sendPrivateMessageSchema } from '../../../domain/social/messages';
import { unreadLabel } from '../../../domain/social/unread-count';
import type { ConversationSummary, SocialPerson } from '../../../domain/social/social-types';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { cn } from '../../components/ui/class-names';
import { CharacterCount, FieldError, Label, Textarea, SearchInput } from '../../components/ui/form-controls';
import { EmptyState } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { usePeopleSearch } from '../friends/friend-queries';
import { Avatar } from '../../components/ui/avatar';
import { useSession } from '../session/use-session';
import { POLL_WHEN_OFFLINE_MS, useConversations, useMarkConversationRead, useSendMessage, useThread } from './message-queries';
import { useFormatWhen } from './message-time';
import { useMessageStreamState } from './use-message-stream';
import { RefusalDescription } from '../moderation/refusal-description';

/** "At the bottom" within this many pixels: new messages keep the log scrolled to the newest. */
const STICK_THRESHOLD_PX = 48;

/**
 * The Private Messages tab: the conversation list beside the open conversation (or the new
 * message form). Below 768 px one of the two is shown at a time.
 */
export function PrivateMessagesPanel() {
  const [params, setParams] = useSearchParams();
  const partnerId = params.get('with');
  const composing = params.get('new') === '1';
  const go = (change: { with?: string | null; new?: boolean }) => {
    const next = new URLSearchParams(params);
    next.delete('with');
    next.delete('new');
    if (change.with) next.set('with', change.with);
    if (change.new) next.set('new', '1');
    setParams(next);
  };
  const detailOpen = !!partnerId || composing;

  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-[19rem_minmax(0,1fr)]">
      <div className={cn(detailOpen && 'hidden md:block')}>
        <ConversationList selected={partnerId} onNew={() => go({ new: true })} />
      </div>
      <div className={cn(!detailOpen && 'hidden md:block')}>
        {partnerId ? (
          <ConversationView key={partnerId} partnerId={partnerId} onBack={() => go({})} />
        ) : (
          <NewMessage onSent={(to) => go({ with: to })} onBack={() => go({})} />
        )}
      </div>
    </div>
  );
}

function ConversationList({ selected, onNew }: { selected: string | null; onNew: () => void }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const live = useMessageStreamState() === 'live';
  const list = useConversations(live ? false : POLL_WHEN_OFFLINE_MS);
  const [params] = useSearchParams();
  const conversations = useMemo(() => list.data?.pages.flatMap((p) => p.conversations) ?? [], [list.data]);
  const linkTo = (partnerId: string) => {
    const next = new URLSearchParams(params);
    next.delete('new');
    next.set('with', partnerId);
    return `?${next.toString()}`;
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t('conversations.title')}</CardTitle>
        <Button size="sm" variant="outline" onClick={onNew}>
          <PenSquare className="h-4 w-4" aria-hidden="true" /> {t('conversations.newMessage')}
        </Button>
      </CardHeader>
      <CardContent className="px-2 pb-2">
        {list.isPending ? (
          <div className="space-y-2 p-3" role="status" aria-label={t('conversations.loading')}>
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex items-center gap-3">
                <Skeleton className="h-10 w-10 rounded-full" />
                <div className="flex-1 space-y-1.5">
                  <Skeleton className="h-3 w-1/2" />
                  <Skeleton className="h-3 w-5/6" />
                </div>
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="space-y-3 p-3" role="alert">
            <p className="text-sm text-red-700">{t('conversations.loadError', { error: list.error.message })}</p>
            <Button size="sm" variant="outline" onClick={() => void list.refetch()}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('conversations.tryAgain')}
            </Button>
          </div>
        ) : conversations.length === 0 ? (
          <div className="p-3">
            <EmptyState>{t('conversations.empty')}</EmptyState>
          </div>
        ) : (
          <>
            <ul aria-label={t('conversations.listLabel')} className="space-y-1">
              {conversations.map((c) => (
                <ConversationItem key={c.partner.id} conversation={c} active={c.partner.id === selected} mine={c.lastMessage.senderId === user?.id} to={linkTo(c.partner.id)} />
              ))}
            </ul>
            {list.hasNextPage ? (
              <Button variant="ghost" size="sm" className="mt-2 w-full" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                {list.isFetchingNextPage ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null} {t('conversations.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ConversationItem({ conversation: c, active, mine, to }: { conversation: ConversationSummary; active: boolean; mine: boolean; to: string }) {
  const { t } = useTranslation('messages');
  const formatWhen = useFormatWhen();
  const unread = c.unreadCount;
  const text = c.lastMessage.hidden && !mine ? t('hidden.placeholder') : c.lastMessage.message;
  return (
    <li>
      <Link
        to={to}
        aria-current={active ? 'true' : undefined}
        className={cn('flex items-center gap-3 rounded-xl px-3 py-2.5 hover:bg-slate-50', active && 'bg-navy-50 hover:bg-navy-50')}
      >
        <Avatar name={c.partner.name} photoUrl={c.partner.photoUrl} className="h-10 w-10 shrink-0 text-sm" decorative />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-sm text-slate-900', unread > 0 ? 'font-bold' : 'font-medium')}>{c.partner.name}</span>
            <time dateTime={c.lastMessage.createdAt} className="shrink-0 text-xs text-slate-600">
              {formatWhen(c.lastMessage.createdAt)}
            </time>
          </span>
          <span className="flex items-center justify-between gap-2">
            <span className={cn('truncate text-sm', unread > 0 ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {mine ? t('conversations.lastMessageMine', { message: text }) : text}
            </span>
            {unread > 0 ? (
              <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs leading-5 font-semibold text-white">
                {unreadLabel(unread)}
                <span className="sr-only"> {t('conversations.unread')}</span>
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ConversationView({ partnerId, onBack }: { partnerId: string; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const formatWhen = useFormatWhen();
  const { user } = useSession();
  const me = user?.id;
  const live = useMessageStreamState() === 'live';
  const thread = useThread(partnerId, live ? false : POLL_WHEN_OFFLINE_MS);
  const markRead = useMarkConversationRead();
  const partner = thread.data?.pages[0]?.partner ?? null;
  // Pages: newest first, each oldest first; shown all oldest first.
  const messages = useMemo(() => (thread.data ? [...thread.data.pages].reverse().flatMap((p) => p.messages) : []), [thread.data]);
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const titleId = useId();

  // Opening the conversation, and every message arriving while it is open and in view, marks it read.
  const hasUnread = messages.some((m) => m.recipientId === me && m.readAt === null);
  const { mutate: markReadMutate, isPending: marking } = markRead;
  useEffect(() => {
    if (!hasUnread || marking) return;
    const mark = () => markReadMutate(partnerId);
    if (document.visibilityState === 'visible') {
      mark();
      return;
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible') mark();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [hasUnread, marking, markReadMutate, partnerId]);

  useLayoutEffect(() => {
    const box = logRef.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages.length, thread.isPending]);
  const onScroll = () => {
    const box = logRef.current;
    if (box) stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight <= STICK_THRESHOLD_PX;
  };

  const loadEarlier = () => {
    stickToBottom.current = false;
    void thread.fetchNextPage();
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="flex-row items-center gap-3 border-b border-slate-100 pb-3">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label={t('thread.back')}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        {partner ? <Avatar name={partner.name} photoUrl={partner.photoUrl} className="h-10 w-10 text-sm" decorative /> : <Skeleton className="h-10 w-10 rounded-full" />}
        <div className="min-w-0">
          <CardTitle id={titleId} className="truncate">
            {partner ? t('thread.titleWith', { name: partner.name }) : t('thread.title')}
          </CardTitle>
          {partner ? (
            <Link to={`/profile/${partner.id}`} className="text-sm text-navy-700 underline-offset-4 hover:underline">
              {t('thread.viewProfile', { district: districtLabel(partner.state, partner.district) })}
            </Link>
          ) : null}
        </div>
      </CardHeader>
      <CardContent className="space-y-3 pt-4">
        <div
          ref={logRef}
          onScroll={onScroll}
          role="log"
          aria-label={partner ? t('thread.logLabelWith', { name: partner.name }) : t('thread.logLabel')}
          aria-busy={thread.isPending}
          tabIndex={0}
          className="h-[24rem] overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-slate-50 p-3 md:h-[28rem]"
        >
          {thread.isPending ? (
            <div className="space-y-3" role="status" aria-label={t('thread.loading')}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className={cn('h-10', i % 2 ? 'ml-auto w-2/3' : 'w-3/4')} />
              ))}
            </div>
          ) : thread.isError ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center" role="alert">
              <p className="text-sm text-red-700">{t('thread.loadError', { error: thread.error.message })}</p>
              <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('thread.tryAgain')}
              </Button>
            </div>
          ) : messages.length === 0 ? (
            <div className="flex h-full items-center justify-center">
              <EmptyState>{t('thread.empty')}</EmptyState>
            </div>
          ) : (
            <>
              {thread.hasNextPage ? (
                <div className="mb-3 text-center">
                  <Button variant="outline" size="sm" onClick={loadEarlier} disabled={thread.isFetchingNextPage}>
                    {thread.isFetchingNextPage ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null} {t('thread.loadEarlier')}
                  </Button>
                </div>
              ) : null}
              <ol className="space-y-2">
                {messages.map((m) => {
                  const mine = m.senderId === me;
                  return (
                    <li key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                      <div className={cn('max-w-[85%] rounded-2xl px-3 py-2', mine ? 'bg-navy-700 text-white' : 'bg-white text-slate-900 shadow-xs')}>
                        <p className="text-sm break-words whitespace-pre-wrap">
                          <span className="sr-only">{mine ? t('thread.you') : (partner?.name ?? t('thread.they'))}: </span>
                          {m.hidden && !mine ? <span className="italic">{t('hidden.placeholder')}</span> : <MessageText message={m.message} mine={mine} />}
                        </p>
                        <span className="mt-0.5 flex items-center justify-end gap-2">
                          {m.hidden && mine ? <span className="rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">{t('hidden.forAuthor')}</span> : null}
                          {!mine && !m.hidden ? <ReportButton itemKind="private_message" itemId={m.id} compact className="h-6 px-1" /> : null}
                          <time dateTime={m.createdAt} className={cn('block text-right text-xs', mine ? 'text-navy-100' : 'text-slate-600')}>
                            {formatWhen(m.createdAt)}
                          </time>
                        </span>
                      </div>
                    </li>
                  );
                })}
              </ol>
            </>
          )}
        </div>
        {partner ? (
          <ReplyForm
            partner={partner}
            onSent={() => {
              stickToBottom.current = true;
            }}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The send form of an open conversation: Enter sends, Shift+Enter starts a new line. */
function ReplyForm({ partner, onSent }: { partner: SocialPerson; onSent: () => void }) {
  const { t } = useTranslation('messages');
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = useSendMessage();
  const ids = useId();

  const submit = () => {
    if (send.isPending) return;
    const parsed = sendPrivateMessageSchema.safeParse({ recipientId: partner.id, message: draft });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data, {
      onSuccess: () => {
        setDraft('');
        onSent();
      },
      onError: (e) => toast.error(t('sendFailed'), { description: <RefusalDescription error={e} /> }),
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={t('reply.formLabel', { name: partner.name })} className="space-y-1">
      <div className="flex items-end gap-2">
        <div className="min-w-0 flex-1">
          <Label htmlFor={`${ids}-text`} className="sr-only">
            {t('reply.label', { name: partner.name })}
          </Label>
          <Textarea
            id={`${ids}-text`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t('reply.placeholder')}
            rows={2}
            maxLength={PRIVATE_MESSAGE_MAX}
            aria-invalid={!!error}
            aria-describedby={`${ids}-hint${error ? ` ${ids}-error` : ''}`}
            className="min-h-0! resize-none"
          />
          <p id={`${ids}-hint`} className="sr-only">
            {t('reply.hint')}
          </p>
        </div>
        <Button type="submit" disabled={send.isPending} aria-label={send.isPending ? t('reply.sending') : t('reply.send')} className="shrink-0">
          {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
          <span className="hidden sm:inline">{t('reply.sendShort')}</span>
        </Button>
      </div>
      <FieldError id={`${ids}-error`}>{error}</FieldError>
    </form>
  );
}

/** A new conversation: choose a recipient by name, write, send. */
function NewMessage({ onSent, onBack }: { onSent: (recipientId: string) => void; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const ids = useId();
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q.trim(), FRIEND_SEARCH_DEBOUNCE_MS);
  const search = usePeopleSearch(term);
  const [recipient, setRecipient] = useState<SocialPerson | null>(null);
  const [draft, setDraft] = useState('');
  const [errors, setErrors] = useState<{ recipientId?: string; message?: string }>({});
  const send = useSendMessage();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = sendPrivateMessageSchema.safeParse({ recipientId: recipient?.id ?? '', message: draft });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'recipientId' ? 'recipientId' : 'message';
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: (message) => {
        toast.success(t('newMessage.sent'), { description: t('newMessage.sentDescription', { name: recipient!.name }) });
        onSent(message.recipientId);
      },
      onError: (e) => toast.error(t('sendFailed'), { description: <RefusalDescription error={e} /> }),
    });
  };

  return (
    <Card>
      <CardHeader className="flex-row items-center gap-2">
        <Button variant="ghost" size="icon" className="md:hidden" onClick={onBack} aria-label={t('thread.back')}>
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
        </Button>
        <CardTitle>{t('newMessage.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form method="post" onSubmit={onSubmit} noValidate aria-label={t('newMessage.formLabel')} className="space-y-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={recipient ? undefined : `${ids}-to`}>{t('newMessage.to')}</Label>
            {recipient ? (
              <div className="flex items-center gap-3 rounded-lg border border-slate-200 p-2">
                <Avatar name={recipient.name} photoUrl={recipient.photoUrl} className="h-9 w-9 text-xs" decorative />
                <span className="min-w-0 flex-1 text-sm font-medium break-words text-slate-900">
                  {recipient.name}
                </span>
                <Button size="sm" variant="ghost" onClick={() => setRecipient(null)} aria-label={t('newMessage.changeLabel', { name: recipient.name })}>
                  <X className="h-4 w-4" aria-hidden="true" /> {t('newMessage.change')}
                </Button>
              </div>
            ) : (
              <>
                <SearchInput
                  id={`${ids}-to`}
                  value={q}
                  placeholder={t('newMessage.searchPlaceholder')}
                  autoComplete="off"
                  aria-invalid={!!errors.recipientId}
                  aria-describedby={errors.recipientId ? `${ids}-to-error` : undefined}
                  onChange={(e) => setQ(e.target.value)}
                />
                <div aria-live="polite">
                  {term.length < 2 ? null : search.isPending ? (
                    <div role="status" aria-label={t('newMessage.searching')} className="space-y-2">
                      <Skeleton className="h-10" />
                    </div>
                  ) : search.isError ? (
                    <p role="alert" className="text-sm text-red-700">
                      {t('newMessage.searchError', { error: search.error.message })}
                    </p>
                  ) : search.data.length === 0 ? (
                    <p className="text-sm text-slate-600">{t('newMessage.noneFound')}</p>
                  ) : (
                    <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t('newMessage.found')}>
                      {search.data.map((p) => (
                        <li key={p.id}>
                          <button
                            type="button"
                            className="flex w-full items-center gap-3 p-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-navy-500"
                            onClick={() => {
                              setRecipient(p);
                              setErrors((e) => ({ ...e, recipientId: undefined }));
                            }}
                          >
                            {/* Named by what it shows (WCAG 2.5.3): "Write to {name} {district}". */}
                            <span aria-hidden="true" className="shrink-0">
                              <Avatar name={p.name} photoUrl={p.photoUrl} className="h-9 w-9 text-xs" />
                            </span>
                            <span className="min-w-0 flex-1">
                              <span className="block text-sm font-medium break-words text-slate-900">
                                <span className="sr-only">{t('newMessage.writeTo')}</span>
                                {p.name}
                              </span>
                              <span className="block text-xs text-slate-600">{districtLabel(p.state, p.district)}</span>
                            </span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </>
            )}
            <FieldError id={`${ids}-to-error`}>{errors.recipientId}</FieldError>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${ids}-text`}>{t('newMessage.message')}</Label>
            <Textarea
              id={`${ids}-text`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              maxLength={PRIVATE_MESSAGE_MAX}
              aria-invalid={!!errors.message}
              aria-describedby={errors.message ? `${ids}-text-error` : undefined}
              placeholder={t('newMessage.messagePlaceholder')}
            />
            <CharacterCount value={draft} max={PRIVATE_MESSAGE_MAX} />
            <FieldError id={`${ids}-text-error`}>{errors.message}</FieldError>
          </div>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
            {t('newMessage.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** A message's text, with the app's own paths (a challenge or debate invitation) as links. */
function MessageText({ message, mine }: { message: string; mine: boolean }) {
  return splitMessageLinks(message).map((part, i) =>
    part.kind === 'text' ? (
      <span key={i}>{part.text}</span>
    ) : (
      <Link key={i} to={part.path} className={cn('font-medium underline underline-offset-2', mine ? 'text-white' : 'text-navy-700')}>
        {part.path}
      </Link>
    ),
  );
}
