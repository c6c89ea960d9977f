import { useEffect } from 'react';

export const APP_NAME = 'Budrunde';

const HOME_TITLE = `${APP_NAME} – budrunder på eiendom`;
const SUFFIX = ` – ${APP_NAME}`;

/** 'Aktive budrunder – Budrunde'; a title that already is or ends with the app's name gets no second one. */
export function composeDocumentTitle(title: string | null): string {
  const page = title?.trim();
  if (!page) return HOME_TITLE;
  const lower = page.toLocaleLowerCase('nb');
  if (lower === APP_NAME.toLocaleLowerCase('nb') || lower.endsWith(SUFFIX.toLocaleLowerCase('nb'))) {
    return page;
  }
  return `${page}${SUFFIX}`;
}

/** Names the browser tab after the page, so history, tabs and screen readers say where you are. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = composeDocumentTitle(title);
  }, [title]);
}
