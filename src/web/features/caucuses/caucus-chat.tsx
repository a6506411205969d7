import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX } from '../../../domain/caucuses/caucus-schemas';
import { LiveChat } from '../../components/chat/live-chat';

export const chatKey = (caucusId: string) => ['caucuses', 'chat', caucusId] as const;

/** The caucus's chat, for its members and organizers (the server checks who may read it). */
export function CaucusChat({ caucusId }: { caucusId: string }) {
  return (
    <LiveChat
      path={`/api/caucuses/${encodeURIComponent(caucusId)}/chat`}
      queryKey={chatKey(caucusId)}
      belongs={(m) => m.caucusId === caucusId}
      reportKind="chat_message"
      maxLength={CHAT_MESSAGE_MAX}
      title="Caucus Chat"
      logLabel="Chat messages"
      onSendError={(error) => toast.error(`Error sending message: ${error.message}`)}
    />
  );
}
