import { describe, expect, it } from 'vitest';
import { formatFileSize, prospectusFileName, slugOf } from './file-names';

describe('slugOf', () => {
  it.each([
    ['Solrik leilighet på Grünerløkka', 'solrik-leilighet-pa-grunerlokka'],
    ['Ærverdig hus i Øvre Årdal', 'aerverdig-hus-i-ovre-ardal'],
    ['  3-roms!! med  balkong – nær T-bane ', '3-roms-med-balkong-naer-t-bane'],
    ['Café «Élan»', 'cafe-elan'],
    ['🏠 ??', ''],
  ])('%j → %j', (title, slug) => {
    expect(slugOf(title)).toBe(slug);
  });

  it('keeps a long title to 80 characters without a dash at the end', () => {
    const slug = slugOf(`${'a'.repeat(79)} b`);
    expect(slug).toBe('a'.repeat(79));
    expect(slugOf('ord '.repeat(50)).length).toBeLessThanOrEqual(80);
  });
});

describe('prospectusFileName', () => {
  it('names the file after the round, or plainly when the title has no letters', () => {
    expect(prospectusFileName('Solrik leilighet på Grünerløkka')).toBe(
      'salgsoppgave-solrik-leilighet-pa-grunerlokka.pdf',
    );
    expect(prospectusFileName('!!!')).toBe('salgsoppgave.pdf');
  });
});

describe('formatFileSize', () => {
  it.each([
    [4.2 * 1024 * 1024, '4,2 MB'],
    [25 * 1024 * 1024, '25,0 MB'],
    [1024 * 1024, '1,0 MB'],
    [1024 * 1024 - 1, '1,0 MB'],
    [380 * 1024, '380 kB'],
    [12, '1 kB'],
  ])('%d bytes → %j', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
