import { ErrorState, Page } from '../ui/page';
import { LinkButton } from '../ui/link-button';

/** What a page that failed to load or render shows, under the navbar (route-error.tsx). */
export default function RouteErrorPage() {
  return (
    <Page>
      <ErrorState title="Something went wrong" message="This page could not be shown. Please try again.">
        <LinkButton to="/">Go Home</LinkButton>
      </ErrorState>
    </Page>
  );
}
