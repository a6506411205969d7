import { useTranslation } from 'react-i18next';
import { unreadLabel } from '../../../domain/social/unread-count';

/** "3 unread messages" (or notifications) as a small orange count (nothing at 0). */
export function UnreadBadge({ count, of = 'message' }: { count: number; of?: 'message' | 'notification' }) {
  const { t } = useTranslation('messages');
  if (count <= 0) return null;
  return (
    <span className="ml-1 inline-flex min-w-5 items-center justify-center rounded-full bg-accent-700 px-1.5 text-xs leading-5 font-semibold text-white" data-testid="unread-badge">
      {unreadLabel(count)}
      <span className="sr-only"> {of === 'notification' ? t('unreadBadge.notifications', { count }) : t('unreadBadge.messages', { count })}</span>
    </span>
  );
}
