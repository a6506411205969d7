import { Component, lazy, Suspense, type ReactNode } from 'react';

// What a failed page shows is fetched only then: it is not part of the first load.
const RouteError = lazy(() => import('./route-error-page'));

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
    return this.state.failed ? (
      <Suspense fallback={null}>
        <RouteError />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
