import type { Locator } from 'playwright-core';

/**
 * What is wrong with the fields inside `scope`, in words (an empty list when every field reads):
 * - a label, an input, a description, an error or another line of text in the form covers another one
 *   (boxes and the lines their text is drawn on, so text that spills out of its box counts too);
 * - an input's text is clipped: a text input or textarea scrolls sideways, a select's chosen option is
 *   wider than its box, or a button-like input (the date pickers) does not hold its text in one box;
 * - a label is cut off.
 */
export function fieldLayoutProblems(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    type Part = { kind: string; el: Element; rects: DOMRect[] };
    const problems: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.opacity !== '0';
    };
    const textRects = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].filter((r) => r.width > 0.5 && r.height > 0.5);
    };
    const nameOf = (el: Element) =>
      (
        el.getAttribute('aria-label') ??
        (el.textContent?.trim() || null) ??
        el.getAttribute('placeholder') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.tagName
      )
        .replace(/\s+/g, ' ')
        .slice(0, 50);
    const INPUTS =
      'input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]), textarea, select, button.mantine-Input-input, .mantine-Input-input[role=button]';
    const TEXTS = 'label, .mantine-InputWrapper-description, .mantine-InputWrapper-error, p, [role=alert]';
    const parts: Part[] = [];
    for (const el of root.querySelectorAll(INPUTS)) {
      if (!shown(el)) continue;
      parts.push({ kind: 'input', el, rects: [el.getBoundingClientRect(), ...textRects(el)] });
    }
    for (const el of root.querySelectorAll(TEXTS)) {
      // A section inside the input's frame ('kr', the password eye) is meant to sit there.
      if (!shown(el) || el.closest(INPUTS) || el.closest('.mantine-Input-section')) continue;
      if (parts.some((p) => p.el.contains(el) || el.contains(p.el))) continue;
      const rects = textRects(el);
      if (rects.length > 0) parts.push({ kind: 'text', el, rects });
    }
    const TOLERANCE = 0.5;
    const meet = (a: DOMRect, b: DOMRect) =>
      a.left < b.right - TOLERANCE &&
      b.left < a.right - TOLERANCE &&
      a.top < b.bottom - TOLERANCE &&
      b.top < a.bottom - TOLERANCE;
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const a = parts[i] as Part;
        const b = parts[j] as Part;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => meet(ra, rb)))) {
          problems.push(`«${nameOf(a.el)}» overlaps «${nameOf(b.el)}»`);
        }
      }
    }
    for (const { el } of parts.filter((p) => p.kind === 'input')) {
      const box = el as HTMLElement;
      const style = getComputedStyle(box);
      if (box instanceof HTMLSelectElement) {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) continue;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = box.selectedOptions[0]?.textContent ?? '';
        const room =
          box.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        if (context.measureText(text).width > room + 0.5)
          problems.push(`«${nameOf(box)}»: '${text}' is clipped`);
      } else if (box instanceof HTMLInputElement || box instanceof HTMLTextAreaElement) {
        if (box.scrollWidth > box.clientWidth + 1) problems.push(`«${nameOf(box)}»: its text is clipped`);
      } else {
        const outer = box.getBoundingClientRect();
        const spills = textRects(box).some(
          (r) =>
            r.left < outer.left - 0.5 ||
            r.right > outer.right + 0.5 ||
            r.top < outer.top - 0.5 ||
            r.bottom > outer.bottom + 0.5,
        );
        if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1 || spills) {
          problems.push(`«${nameOf(box)}»: its text does not fit`);
        }
      }
    }
    for (const label of root.querySelectorAll('label')) {
      const box = label as HTMLElement;
      if (
        shown(box) &&
        box.scrollWidth > box.clientWidth + 1 &&
        getComputedStyle(box).overflow !== 'visible'
      ) {
        problems.push(`label «${nameOf(box)}» is cut off`);
      }
    }
    return problems;
  });
}
