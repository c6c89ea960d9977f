import { inflateSync } from 'node:zlib';

// The text of a PDF pdfkit wrote with its built-in fonts, read without a PDF library (decision 038): each
// content stream is inflated when compressed, and each text operator's glyph codes ('<4275…> Tj', '[<42> 30
// <75…>] TJ') are WinAnsi bytes, decoded here. One line per operator, which is one line of text on the page.

// WinAnsi's 0x80–0x9F; the rest of its bytes are Latin-1.
const WIN_ANSI_HIGH: Record<number, string> = {
  128: '€',
  130: '‚',
  131: 'ƒ',
  132: '„',
  133: '…',
  134: '†',
  135: '‡',
  136: 'ˆ',
  137: '‰',
  138: 'Š',
  139: '‹',
  140: 'Œ',
  142: 'Ž',
  145: '‘',
  146: '’',
  147: '“',
  148: '”',
  149: '•',
  150: '–',
  151: '—',
  152: '˜',
  153: '™',
  154: 'š',
  155: '›',
  156: 'œ',
  158: 'ž',
  159: 'Ÿ',
};

function decodeHex(hex: string): string {
  let text = '';
  for (let i = 0; i + 1 < hex.length; i += 2) {
    const byte = Number.parseInt(hex.slice(i, i + 2), 16);
    text += WIN_ANSI_HIGH[byte] ?? String.fromCharCode(byte);
  }
  return text;
}

/** Every content stream's bytes, inflated where the stream says FlateDecode. */
function contentStreams(pdf: Buffer): string[] {
  const streams: string[] = [];
  const source = pdf.toString('latin1');
  const marker = /<<([\s\S]*?)>>\s*stream\r?\n/g;
  for (let match = marker.exec(source); match; match = marker.exec(source)) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    const raw = pdf.subarray(start, end);
    const flate = /\/Filter\s*\/FlateDecode/.test(match[1] ?? '');
    try {
      streams.push((flate ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // A stream that is not text (an image, a font) may not inflate on its own: it has no text either.
    }
    marker.lastIndex = end;
  }
  return streams;
}

/** The lines of text of the whole document, in the order drawn (page by page). */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const operator = /\[((?:<[0-9a-fA-F]*>|[\s\d.-])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
  for (const stream of contentStreams(pdf))
    for (const match of stream.matchAll(operator)) {
      const hex =
        match[1] !== undefined ? [...match[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]) : [match[2]];
      lines.push(hex.map((h) => decodeHex(h ?? '')).join(''));
    }
  return lines;
}

/**
 * The document's text as one line, every run of white space (a line a column wrapped, a no-break space) one
 * space: what a reader reads, for `toContain`.
 */
export const pdfText = (pdf: Buffer): string => pdfTextLines(pdf).join('\n').replace(/\s+/g, ' ');
