import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab's title while the page is shown ("Caucus Search · Graduated Unanimous Caucus", in the page's language). */
export function useDocumentTitle(title: string) {
  const { t } = useTranslation();
  const full = t('documentTitle', { title });
  useEffect(() => {
    const previous = document.title;
    document.title = full;
    return () => {
      document.title = previous;
    };
  }, [full]);
}
