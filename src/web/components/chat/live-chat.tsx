import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2, RefreshCw, Send } from 'lucide-react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ChatMessageView } from '../../../domain/caucuses/chat-types';
import { api } from '../../api/http';
import { reopenStreamDelayMs } from '../../api/stream-reopen';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { useTranslation } from 'react-i18next';
import { useFormat, type Format } from '../../i18n/format';
import { usePersonName } from '../../i18n/person-name';
import { cn } from '../ui/class-names';
import { Label, Textarea } from '../ui/form-controls';
import { EmptyState } from '../ui/page';
import { Skeleton } from '../ui/skeleton';
import { useSession } from '../../features/session/use-session';
import { ReportButton } from '../../features/moderation/report-dialog';

/**
 * One message as a chat's GET and its stream's `message` events send it: the caucus chat's
 * message without its caucus id (a challenge's chat sends the same with its challenge's id).
 */
export type ChatMessage = Omit<ChatMessageView, 'caucusId'>;

/** What differs between the chats of the app (a caucus's, a challenge's). */
export interface LiveChatProps {
  /** GET it for the history, POST `{ message }` to it to send, `${path}/stream` is the live stream. */
  path: string;
  queryKey: readonly unknown[];
  /** Only the stream's messages of this chat are shown (e.g. `caucusId` equals the caucus's id). */
  belongs: (message: Record<string, unknown>) => boolean;
  maxLength: number;
  title: string;
  /** The log's accessible name. */
  logLabel: string;
  /** The toast when a message could not be sent (the spec's text for the chat). */
  onSendError: (error: Error) => void;
  /** What a line of this chat is called when reported (issue 14). */
  reportKind: 'chat_message' | 'challenge_chat_message';
}

/** While the live stream is down for good (e.g. the server has none), reload this often. */
const POLL_MS = 15_000;
/** "At the bottom" within this many pixels: new messages keep the box scrolled to the newest. */
const STICK_THRESHOLD_PX = 48;

/** Union by id, oldest first (created time, then id): history and live messages overlap. */
function mergeMessages(history: readonly ChatMessage[], live: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of history) byId.set(m.id, m);
  for (const m of live) if (!byId.has(m.id)) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

function isChatMessage(value: unknown): value is ChatMessage {
  const m = value as Partial<ChatMessage> | null;
  return !!m && typeof m.id === 'string' && typeof m.message === 'string' && typeof m.createdAt === 'string' && typeof m.userName === 'string';
}

/** Today's messages by their time, older ones with their day too (in the app's time zone, the same on server and browser). */
function formatTime(iso: string, format: Format): string {
  return format.sameDay(iso, new Date()) ? format.time(iso) : `${format.dayMonth(iso)}, ${format.time(iso)}`;
}

/**
 * The history (newest 200, oldest first), then live: an EventSource on the chat's stream
 * appends each new message. On `ready` (first connect and every reconnect) and `resync` the
 * history is reloaded, so nothing sent while disconnected is missed; if the browser gives up
 * on the stream, the history is polled until it can be opened again.
 */
function useLiveChat({ path, queryKey, belongs }: Pick<LiveChatProps, 'path' | 'queryKey' | 'belongs'>) {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<{ path: string; messages: ChatMessage[] }>({ path, messages: [] });
  const [streamState, setStreamState] = useState<'connecting' | 'live' | 'down'>('connecting');
  const [streamAttempt, setStreamAttempt] = useState(0);
  // Refusals in a row (e.g. the server at its cap of open streams): each waits longer.
  const refusals = useRef(0);
  // The stream is reopened only when the path changes; the callbacks are read when used.
  const belongsRef = useRef(belongs);
  belongsRef.current = belongs;
  const queryKeyRef = useRef(queryKey);
  queryKeyRef.current = queryKey;

  const history = useQuery({
    queryKey,
    queryFn: ({ signal }) => api<ChatMessage[]>(path, { signal }),
    refetchInterval: streamState === 'down' ? POLL_MS : false,
  });

  const addMessage = useCallback(
    (message: ChatMessage) =>
      setLive((current) => {
        const messages = current.path === path ? current.messages : [];
        if (messages.some((m) => m.id === message.id)) return current;
        return { path, messages: [...messages, message] };
      }),
    [path],
  );

  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStreamState('down');
      return;
    }
    setStreamState('connecting');
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeyRef.current, exact: true });
    const source = new EventSource(`${path}/stream`);
    let reopen: ReturnType<typeof setTimeout> | undefined;

    source.addEventListener('ready', () => {
      refusals.current = 0;
      setStreamState('live');
      reload();
    });
    source.addEventListener('resync', reload);
    source.addEventListener('message', (event: MessageEvent<string>) => {
      try {
        const data: unknown = JSON.parse(event.data);
        if (isChatMessage(data) && belongsRef.current(data as unknown as Record<string, unknown>)) addMessage(data);
      } catch {
        reload();
      }
    });
    source.onerror = () => {
      // The browser reconnects by itself (CONNECTING); after an HTTP error it gives up (CLOSED).
      reload();
      if (source.readyState === EventSource.CLOSED) {
        setStreamState('down');
        refusals.current += 1;
        reopen = setTimeout(() => setStreamAttempt((n) => n + 1), reopenStreamDelayMs(refusals.current));
      } else {
        setStreamState('connecting');
      }
    };
    return () => {
      clearTimeout(reopen);
      source.close();
    };
  }, [path, queryClient, addMessage, streamAttempt]);

  const liveMessages = live.path === path ? live.messages : null;
  const messages = useMemo(() => mergeMessages(history.data ?? [], liveMessages ?? []), [history.data, liveMessages]);
  return { history, messages, addMessage, streamState };
}

/** A chat box: history then live messages, oldest first; Enter sends, Shift+Enter adds a line. */
export function LiveChat({ path, queryKey, belongs, maxLength, title, logLabel, onSendError, reportKind }: LiveChatProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const personName = usePersonName();
  const { user } = useSession();
  const { history, messages, addMessage, streamState } = useLiveChat({ path, queryKey, belongs });
  const [draft, setDraft] = useState('');
  const textareaId = useId();
  const hintId = useId();
  const titleId = useId();
  const logRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const send = useMutation({
    mutationFn: (message: string) => api<ChatMessage>(path, { method: 'POST', json: { message } }),
    onSuccess: (message) => {
      stickToBottom.current = true;
      addMessage(message);
      setDraft('');
    },
    onError: onSendError,
  });

  const trimmed = draft.trim();
  const canSend = trimmed.length > 0 && trimmed.length <= maxLength && !send.isPending;
  const submit = () => {
    if (canSend) send.mutate(trimmed);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter inserts a newline (and Enter while composing text is the IME's).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  // Keep the newest message in view unless the reader scrolled up to older ones.
  useLayoutEffect(() => {
    const box = logRef.current;
    if (box && stickToBottom.current) box.scrollTop = box.scrollHeight;
  }, [messages, history.isLoading]);
  const onScroll = () => {
    const box = logRef.current;
    if (box) stickToBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight <= STICK_THRESHOLD_PX;
  };

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={titleId}>{title}</CardTitle>
          <StreamStatus state={streamState} />
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        <div
          ref={logRef}
          onScroll={onScroll}
          role="log"
          aria-label={logLabel}
          aria-busy={history.isLoading}
          tabIndex={0}
          className="h-64 overflow-y-auto overscroll-contain rounded-lg border border-slate-200 bg-slate-50 p-3"
        >
          {history.isLoading ? (
            <div className="space-y-3" role="status" aria-label={t('chat.loadingMessages')}>
              {[0, 1, 2].map((i) => (
                <div key={i} className="space-y-1.5">
                  <Skeleton className="h-3 w-32" />
                  <Skeleton className={cn('h-4', i === 1 ? 'w-2/3' : 'w-5/6')} />
                </div>
              ))}
            </div>
          ) : history.error && messages.length === 0 ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center" role="alert">
              <p className="text-sm text-red-700">{t('chat.loadFailed', { message: history.error.message })}</p>
              <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('tryAgain')}
              </Button>
            </div>
          ) : messages.length === 0 ? (
            <div className="flex h-full items-center justify-center">
              <EmptyState>{t('chat.empty')}</EmptyState>
            </div>
          ) : (
            <ol className="space-y-2">
              {messages.map((m) => {
                const mine = m.userId === user?.id;
                if (m.blocked && !mine) {
                  return (
                    <li key={m.id} className="px-3 py-1 text-xs text-slate-600 italic">
                      {t('chat.blocked')}
                    </li>
                  );
                }
                const placeholder = m.hidden && !mine;
                return (
                  <li key={m.id} className={cn('group rounded-lg px-3 py-2', mine ? 'bg-navy-50' : 'bg-white shadow-xs')}>
                    <div className="flex items-start justify-between gap-2">
                      <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                        <span className="font-semibold text-navy-900">
                          {personName(m.userName)}
                          {mine ? <span className="font-normal text-slate-600">{t('chat.you')}</span> : null}
                        </span>
                        <time dateTime={m.createdAt} className="text-slate-600">
                          {formatTime(m.createdAt, format)}
                        </time>
                        {m.hidden && mine ? <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">{t('chat.hiddenForAuthor')}</span> : null}
                      </p>
                      {!mine && !placeholder && user ? <ReportButton itemKind={reportKind} itemId={m.id} compact className="-my-1 h-7 px-1.5" /> : null}
                    </div>
                    <p className={cn('mt-0.5 text-sm break-words whitespace-pre-wrap', placeholder ? 'text-slate-600 italic' : 'text-slate-900')}>
                      {placeholder ? t('chat.hidden') : m.message}
                    </p>
                  </li>
                );
              })}
            </ol>
          )}
        </div>

        <form method="post" onSubmit={onSubmit} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <Label htmlFor={textareaId} className="sr-only">
              {t('chat.messageLabel')}
            </Label>
            <Textarea
              id={textareaId}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder={t('chat.placeholder')}
              rows={2}
              maxLength={maxLength}
              aria-describedby={hintId}
              className="min-h-0! resize-none"
            />
            <p id={hintId} className="sr-only">
              {t('chat.hint')}
            </p>
          </div>
          <Button type="submit" disabled={!canSend} aria-label={send.isPending ? t('chat.sendingMessage') : t('chat.sendMessage')} className="shrink-0">
            {send.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <Send className="h-4 w-4" aria-hidden="true" />}
            <span className="hidden sm:inline">{t('chat.send')}</span>
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function StreamStatus({ state }: { state: 'connecting' | 'live' | 'down' }) {
  const { t } = useTranslation();
  if (state === 'live') {
    return (
      <span className="inline-flex items-center gap-1.5 text-xs font-medium text-emerald-700">
        <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" /> {t('chat.live')}
      </span>
    );
  }
  return <span className="text-xs text-slate-600">{state === 'connecting' ? t('chat.connecting') : t('chat.polling')}</span>;
}
