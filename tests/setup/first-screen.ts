import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '../../src/shared/first-screen';

/** The first data a page's HTML carries, or null when it carries none. */
export function firstScreenIn(html: string): FirstScreenData | null {
  const match = new RegExp(
    `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as FirstScreenData) : null;
}
