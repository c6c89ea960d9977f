import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('splitLinks', () => {
  it.each([
    ['Ingen lenker her', [{ kind: 'text', text: 'Ingen lenker her' }]],
    [
      'Se https://finn.no/123. Velkommen!',
      [
        { kind: 'text', text: 'Se ' },
        { kind: 'link', text: 'https://finn.no/123', href: 'https://finn.no/123' },
        { kind: 'text', text: '. Velkommen!' },
      ],
    ],
    ['javascript:alert(1) <b>x</b>', [{ kind: 'text', text: 'javascript:alert(1) <b>x</b>' }]],
    [
      '(http://a.no/x)',
      [
        { kind: 'text', text: '(' },
        { kind: 'link', text: 'http://a.no/x', href: 'http://a.no/x' },
        { kind: 'text', text: ')' },
      ],
    ],
  ])('%s', (text, expected) => {
    expect(splitLinks(text)).toEqual(expected);
  });

  it('cuts at the length without breaking a link', () => {
    expect(splitLinks('a'.repeat(90), 80)).toEqual([
      { kind: 'text', text: 'a'.repeat(80) },
      { kind: 'text', text: '…' },
    ]);
    expect(splitLinks(`${'b'.repeat(70)} https://example.no/lang-lenke`, 80)).toEqual([
      { kind: 'text', text: `${'b'.repeat(70)} ` },
      { kind: 'text', text: '…' },
    ]);
  });
});
