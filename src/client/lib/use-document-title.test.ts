import { describe, expect, it } from 'vitest';
import { composeDocumentTitle } from './use-document-title';

describe('composeDocumentTitle', () => {
  it('adds the app name after a page title', () => {
    expect(composeDocumentTitle('Aktive budrunder')).toBe('Aktive budrunder – Budrunde');
    expect(composeDocumentTitle('Hytte ved sjøen')).toBe('Hytte ved sjøen – Budrunde');
  });

  it('names the start page, also for an empty title', () => {
    expect(composeDocumentTitle(null)).toBe('Budrunde – budrunder på eiendom');
    expect(composeDocumentTitle('  ')).toBe('Budrunde – budrunder på eiendom');
  });

  // The round page falls back to 'Budrunde' while its round loads: that gave 'Budrunde – Budrunde'.
  it.each(['Budrunde', 'budrunde', ' Budrunde ', 'Hytte – Budrunde'])(
    'never doubles the name: %j',
    (title) => {
      const composed = composeDocumentTitle(title);
      expect(composed.match(/budrunde/gi)?.length).toBe(title.match(/budrunde/gi)?.length);
    },
  );
});
