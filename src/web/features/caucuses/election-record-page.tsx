import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { districtLabel } from '../../../domain/geography/states';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { LinkButton } from '../../components/ui/link-button';
import { Page } from '../../components/ui/page';
import { ElectionRecordView, useElectionRecord } from './election-record-view';

/**
 * /caucus/{id}/record (issue 14): a caucus's election record. Its members read it at any time,
 * with names; once the election is finalized anyone may, with pseudonyms.
 */
export default function ElectionRecordPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('caucuses');
  const record = useElectionRecord(id, !!id);
  const caucus = record.data?.caucus;
  const title = caucus?.name ? t('recordPage.titleOf', { name: caucus.name }) : t('recordPage.title');
  useDocumentTitle(title);
  return (
    <Page
      title={title}
      subtitle={
        caucus
          ? t('recordPage.subtitle', { level: caucus.level, district: districtLabel(caucus.state, caucus.district), status: caucus.finalizedAt ? 'finalized' : 'open' })
          : undefined
      }
      actions={
        <LinkButton to={`/caucus/${id}`} variant="outline">
          {t('recordPage.back')}
        </LinkButton>
      }
    >
      <ElectionRecordView caucusId={id} />
    </Page>
  );
}
