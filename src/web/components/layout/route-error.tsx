import { Component, type ReactNode } from 'react';
import { ErrorState, LinkButton, Page } from '../ui/page';

/** What a page that failed to load or render shows, under the navbar. */
function RouteError() {
  return (
    <Page>
      <ErrorState title="Something went wrong" message="This page could not be shown. Please try again.">
        <LinkButton to="/">Go Home</LinkButton>
      </ErrorState>
    </Page>
  );
}

/**
 * Catches a page that throws while it renders, or whose code could not be fetched, and shows
 * RouteError in its place; the layout keys it by path, so the next page starts afresh.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
