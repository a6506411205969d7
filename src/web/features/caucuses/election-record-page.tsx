import { useParams } from 'react-router';
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
  const record = useElectionRecord(id, !!id);
  const name = record.data?.caucus.name;
  useDocumentTitle(name ? `Election record of ${name}` : 'Election record');
  return (
    <Page
      title={name ? `Election record of ${name}` : 'Election record'}
      subtitle={record.data ? `Level ${record.data.caucus.level} · ${record.data.caucus.state}-${record.data.caucus.district}${record.data.caucus.finalizedAt ? ' · Delegate elected' : ' · Election open'}` : undefined}
      actions={
        <LinkButton to={`/caucus/${id}`} variant="outline">
          Back to the caucus
        </LinkButton>
      }
    >
      <ElectionRecordView caucusId={id} />
    </Page>
  );
}
