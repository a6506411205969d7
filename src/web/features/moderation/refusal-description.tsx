import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/http';

/**
 * A refused action's words for a toast. Refused because the user blocked the other person
 * (`you_blocked`), it links to the page where unblocking happens.
 */
export function RefusalDescription({ error }: { error: Error }) {
  const { t } = useTranslation('moderation');
  if (!(error instanceof ApiError) || error.code !== 'you_blocked') return <>{error.message}</>;
  return (
    <span>
      {error.message}{' '}
      <Link to="/blocked-people" className="font-medium underline">
        {t('block.openBlockedPeople')}
      </Link>
    </span>
  );
}
