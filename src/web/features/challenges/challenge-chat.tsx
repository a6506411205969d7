import { toast } from 'sonner';
import { CHALLENGE_CHAT_MAX } from '../../../domain/challenges/challenge-schemas';
import { LiveChat } from '../../components/chat/live-chat';
import { challengeChatKey } from './challenge-queries';

/** The challenge's team chat, for its members (the server checks who may read it). */
export function ChallengeChat({ challengeId }: { challengeId: string }) {
  return (
    <LiveChat
      path={`/api/challenges/${encodeURIComponent(challengeId)}/chat`}
      queryKey={challengeChatKey(challengeId)}
      belongs={(m) => m.challengeId === challengeId}
      reportKind="challenge_chat_message"
      maxLength={CHALLENGE_CHAT_MAX}
      title="Team Chat"
      logLabel="Challenge chat messages"
      onSendError={(error) => toast.error('Failed to send message', { description: error.message })}
    />
  );
}
