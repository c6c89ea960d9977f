// Names and sizes of the files a round offers for download (decision 044): the salgsoppgave is saved as
// 'salgsoppgave-solrik-leilighet-pa-grunerlokka.pdf' and shown as 'Last ned salgsoppgave (PDF, 4,2 MB)'.

/** The longest slug kept in a file name: a long title still gives a name every system can save. */
const MAX_SLUG_LENGTH = 80;
const NORWEGIAN_LETTERS: Record<string, string> = { æ: 'ae', ø: 'o', å: 'a' };

/**
 * A title as the plain part of a file name: lower case, æ → ae, ø → o, å → a, other accents dropped
 * (ü → u), anything else but a–z and 0–9 one '-', none at either end. 'Solrik leilighet på Grünerløkka'
 * → 'solrik-leilighet-pa-grunerlokka'. ASCII only, so the name needs no encoding in Content-Disposition.
 */
export function slugOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[æøå]/g, (letter) => NORWEGIAN_LETTERS[letter] ?? '-')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/^-+|-+$/g, '');
}

/** The salgsoppgave's download name: 'salgsoppgave-<slug>.pdf', or 'salgsoppgave.pdf' for a title of symbols. */
export function prospectusFileName(title: string): string {
  const slug = slugOf(title);
  return slug ? `salgsoppgave-${slug}.pdf` : 'salgsoppgave.pdf';
}

const KIB = 1024;
const MIB = KIB * KIB;

/**
 * A file's size the Norwegian way, with a decimal comma: '4,2 MB', '380 kB'. MB here is 1024 × 1024 bytes,
 * as the upload limits count them ('større enn 25 MB' is 25 × 1024 × 1024), so a file at the limit reads
 * '25,0 MB', never more (decision 044). Written by hand, not with Intl (decision 020).
 */
export function formatFileSize(bytes: number): string {
  const kilobytes = Math.round(bytes / KIB);
  if (kilobytes < KIB) return `${Math.max(1, kilobytes)} kB`;
  return `${(Math.round((bytes / MIB) * 10) / 10).toFixed(1).replace('.', ',')} MB`;
}
