import { useEffect } from 'react';

/** Sets the tab's title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Graduated Unanimous Caucus`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
