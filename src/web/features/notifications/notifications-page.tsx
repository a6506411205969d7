import { CheckCheck, Loader2, RefreshCw, Settings } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { NotificationView } from '../../../domain/notifications/notifications';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { LinkButton } from '../../components/ui/link-button';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { cn } from '../../components/ui/class-names';
import { EmptyState, ErrorState, Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat } from '../../i18n/format';
import { useMarkAllRead, useMarkRead, useNotificationCount, useNotifications } from './notification-queries';

/**
 * /notifications: what happened to the viewer, newest first (issue 13). Opening one marks it
 * read and goes where it points; "Mark all as read" clears the bell; older ones come a page at
 * a time. New ones arrive live (the navbar's stream reloads the list).
 */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  useDocumentTitle(t('list.title'));
  const list = useNotifications();
  const count = useNotificationCount(true);
  const markAll = useMarkAllRead();
  /** After Load more: the last notification shown then; the one after it takes the focus once loaded. */
  const focusAfter = useRef<string | null>(null);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const { data, isFetching, hasNextPage, isFetchNextPageError, fetchNextPage } = list;
  useEffect(() => {
    // A refresh (a notification arriving, the stream reconnecting) cancels a Load more in
    // flight and reloads only the pages shown: once it is done, ask for the older page again.
    if (focusAfter.current === null || isFetching || !hasNextPage || isFetchNextPageError) return;
    const shown = data?.pages.flatMap((p) => p.items) ?? [];
    const at = shown.findIndex((n) => n.id === focusAfter.current);
    if (at === -1 || at === shown.length - 1) void fetchNextPage();
  }, [data, isFetching, hasNextPage, isFetchNextPageError, fetchNextPage]);
  const hasUnread = (count.data ?? 0) > 0 || items.some((n) => n.readAt === null);
  const markAllRead = () =>
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t('list.allMarked')),
      onError: (e) => toast.error(t('list.markFailed'), { description: e.message }),
    });
  const loadMore = () => {
    if (list.isFetchingNextPage) return;
    focusAfter.current = items.at(-1)?.id ?? null;
    void list.fetchNextPage();
  };
  const focusIfFirstNew = (index: number) => (element: HTMLAnchorElement | null) => {
    if (element && focusAfter.current !== null && items[index - 1]?.id === focusAfter.current) {
      focusAfter.current = null;
      element.focus();
    }
  };

  return (
    <Page
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      actions={
        <div className="flex flex-wrap gap-2">
          <LinkButton to="/notification-settings" variant="outline">
            <Settings className="h-4 w-4" aria-hidden="true" /> {t('list.settings')}
          </LinkButton>
          <Button variant="outline" onClick={markAllRead} disabled={!hasUnread || markAll.isPending}>
            {markAll.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : <CheckCheck className="h-4 w-4" aria-hidden="true" />}
            {t('list.markAll')}
          </Button>
        </div>
      }
    >
      {list.isPending ? (
        <div className="space-y-3" role="status" aria-label={t('list.loading')}>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : list.isError && list.data === undefined ? (
        // A failed Load more (or background refresh) keeps what is shown; only a first load that failed replaces it.
        <ErrorState title={t('list.failed')} message={list.error.message}>
          <Button variant="outline" onClick={() => void list.refetch()}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" /> {t('list.retry')}
          </Button>
        </ErrorState>
      ) : items.length === 0 ? (
        <EmptyState>{t('list.empty')}</EmptyState>
      ) : (
        <>
          <ul className="space-y-3" aria-label={t('list.listLabel')}>
            {items.map((n, i) => (
              <NotificationItem key={n.id} notification={n} linkRef={focusIfFirstNew(i)} />
            ))}
          </ul>
          {list.hasNextPage ? (
            <LoadMoreButton loading={list.isFetchingNextPage} onClick={loadMore}>
              {t('list.loadMore')}
            </LoadMoreButton>
          ) : null}
          {list.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-center text-sm text-red-700">
              {t('list.olderFailed')}
            </p>
          ) : null}
        </>
      )}
    </Page>
  );
}

/** Where a notification leads: a path of this app, or (for anything else) nowhere but here. */
function appPath(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/notifications';
}

/** One notification: a link to where it points; an unread one says "New" and reads in bold. */
function NotificationItem({ notification: n, linkRef }: { notification: NotificationView; linkRef: (element: HTMLAnchorElement | null) => void }) {
  const { t } = useTranslation('notifications');
  const format = useFormat();
  const markRead = useMarkRead();
  const unread = n.readAt === null;
  return (
    <li>
      <Card className={cn('overflow-hidden', unread && 'border-l-4 border-l-accent-700')}>
        <Link
          ref={linkRef}
          to={appPath(n.link)}
          onClick={() => {
            if (unread) markRead.mutate(n.id);
          }}
          className="block p-4 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-navy-500 focus-visible:ring-inset"
        >
          <span className="flex flex-wrap items-center gap-2">
            {unread ? <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">{t('list.new')}</span> : null}
            <span className={cn('min-w-0 break-words text-slate-900', unread ? 'font-bold' : 'font-medium')}>{n.title}</span>
          </span>
          <span className="mt-1 block text-sm break-words text-slate-700">{n.body}</span>
          <time dateTime={n.createdAt} className="mt-2 block text-xs text-slate-600">
            {format.dateTime(n.createdAt)}
          </time>
        </Link>
      </Card>
    </li>
  );
}
