import { useEffect } from 'react';

export const APP_NAME = 'Budrunde';

/** Names the browser tab after the page, so history, tabs and screen readers say where you are. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : `${APP_NAME} – budrunder på eiendom`;
  }, [title]);
}
