import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHALLENGE_CHAT_MAX } from '../../../domain/challenges/challenge-schemas';
import { LiveChat } from '../../components/chat/live-chat';
import { challengeChatKey } from './challenge-queries';

/** The challenge's team chat, for its members (the server checks who may read it). */
export function ChallengeChat({ challengeId }: { challengeId: string }) {
  const { t } = useTranslation('challenges');
  return (
    <LiveChat
      path={`/api/challenges/${encodeURIComponent(challengeId)}/chat`}
      queryKey={challengeChatKey(challengeId)}
      belongs={(m) => m.challengeId === challengeId}
      reportKind="challenge_chat_message"
      maxLength={CHALLENGE_CHAT_MAX}
      title={t('chat.title')}
      logLabel={t('chat.logLabel')}
      onSendError={(error) => toast.error(t('chat.sendFailed'), { description: error.message })}
    />
  );
}
