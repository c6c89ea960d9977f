export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only web links become anchors; anything else (javascript:, data:) stays plain text.
const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

/**
 * Splits free text into plain parts and web links, cut to `maxLength` characters (with '…'). Links are cut
 * as whole parts, so a shortened description never yields a broken link. Rendering the parts as React text
 * and anchors keeps the seller's text from ever becoming markup.
 */
export function splitLinks(text: string, maxLength = Number.POSITIVE_INFINITY): TextPart[] {
  const parts: TextPart[] = [];
  let used = 0;
  let last = 0;
  const push = (part: TextPart): boolean => {
    const room = maxLength - used;
    if (part.text.length <= room) {
      parts.push(part);
      used += part.text.length;
      return true;
    }
    if (part.kind === 'text' && room > 0)
      parts.push({ kind: 'text', text: part.text.slice(0, room).trimEnd() });
    parts.push({ kind: 'text', text: '…' });
    return false;
  };
  for (const match of text.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    if (index > last && !push({ kind: 'text', text: text.slice(last, index) })) return parts;
    if (!push({ kind: 'link', text: match[0], href: match[0] })) return parts;
    last = index + match[0].length;
  }
  if (last < text.length) push({ kind: 'text', text: text.slice(last) });
  return parts;
}
