import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Page } from '../../components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { BroadcastsPanel } from './broadcasts-panel';
import { PrivateMessagesPanel } from './private-messages-panel';

type Tab = 'private' | 'broadcasts';

/**
 * /messages: tabs Private Messages (conversations and a send form) and Broadcasts (the recent
 * broadcasts meant for the viewer, and a send form for those allowed). The tab and the open
 * conversation live in the URL (?tab=broadcasts, ?with={userId}).
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  useDocumentTitle(t('page.title'));
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'broadcasts' ? 'broadcasts' : 'private';

  const onTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === 'broadcasts') next.set('tab', 'broadcasts');
    else next.delete('tab');
    setParams(next, { replace: true });
  };

  return (
    <Page title={t('page.title')} subtitle={t('page.subtitle')}>
      <Tabs value={tab} onValueChange={onTab}>
        <TabsList aria-label={t('page.tabsLabel')} className="mb-4 max-w-md">
          <TabsTrigger value="private">{t('page.privateTab')}</TabsTrigger>
          <TabsTrigger value="broadcasts">{t('page.broadcastsTab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="private">
          <PrivateMessagesPanel />
        </TabsContent>
        <TabsContent value="broadcasts">
          <BroadcastsPanel />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
