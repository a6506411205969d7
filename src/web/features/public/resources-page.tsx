import { ExternalLink, FileText } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Page } from '../../components/ui/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useAppConfig } from './use-app-config';
import { useDocumentTitle } from '../../components/layout/use-document-title';

export default function ResourcesPage() {
  useDocumentTitle('Resources');
  const config = useAppConfig();
  return (
    <Page title="Resources" subtitle="Read the ideas behind the Graduated Unanimous Caucus.">
      <Card className="max-w-2xl">
        <CardHeader>
          <FileText className="h-8 w-8 text-accent-600" aria-hidden="true" />
          <CardTitle>The Vision Document</CardTitle>
          <CardDescription>Why caucuses of ten, why unanimity, and how five levels give every district a Candidate its voters chose together.</CardDescription>
        </CardHeader>
        <CardContent>
          {config.isLoading ? (
            <Skeleton className="h-10 w-56" />
          ) : config.data ? (
            <Button asChild>
              <a href={config.data.visionDocumentUrl} target="_blank" rel="noopener noreferrer">
                Read the Vision Document <ExternalLink className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          ) : (
            <p className="text-sm text-red-700" role="alert">
              The document link could not be loaded. Please refresh the page.
            </p>
          )}
        </CardContent>
      </Card>
    </Page>
  );
}
