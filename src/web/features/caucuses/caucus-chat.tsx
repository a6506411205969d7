import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX } from '../../../domain/caucuses/caucus-schemas';
import { LiveChat } from '../../components/chat/live-chat';

export const chatKey = (caucusId: string) => ['caucuses', 'chat', caucusId] as const;

/** The caucus's chat, for its members and organizers (the server checks who may read it). */
export function CaucusChat({ caucusId }: { caucusId: string }) {
  const { t } = useTranslation('caucuses');
  return (
    <LiveChat
      path={`/api/caucuses/${encodeURIComponent(caucusId)}/chat`}
      queryKey={chatKey(caucusId)}
      belongs={(m) => m.caucusId === caucusId}
      reportKind="chat_message"
      maxLength={CHAT_MESSAGE_MAX}
      title={t('chat.title')}
      logLabel={t('chat.logLabel')}
      onSendError={(error) => toast.error(t('chat.sendError', { message: error.message }))}
    />
  );
}
