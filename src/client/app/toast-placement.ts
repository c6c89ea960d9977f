import { useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';

/** The attribute that marks the toast containers, so that the placement can find and measure them. */
export const TOAST_ROOT_ATTRIBUTE = 'data-toasts';

// Mantine's spacing-md: the gap a toast keeps from the screen's edge, and here from a dialog's header.
const GAP = 16;

interface Band {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Band, b: Band) =>
  a.top < b.bottom && b.top < a.bottom && a.left < b.right && b.left < a.right;

/**
 * Where the toast's top edge goes so that it covers none of `controls` (the buttons of an open dialog), or
 * null for its usual place at the bottom. Tried in order: the bottom, just below the dialog's header (title
 * and close button), just above the highest covered control, the top of the screen. Where every place
 * covers something (a tiny screen), the one that covers the fewest.
 */
export function placeToast(
  toast: { height: number; left: number; right: number },
  viewportHeight: number,
  controls: Band[],
  headerBottom: number | null,
): number | null {
  const at = (top: number): Band => ({
    top,
    bottom: top + toast.height,
    left: toast.left,
    right: toast.right,
  });
  const covered = (top: number) => controls.filter((control) => overlaps(at(top), control));
  const bottomTop = viewportHeight - GAP - toast.height;
  const coveredAtBottom = covered(bottomTop);
  if (coveredAtBottom.length === 0) return null;
  const highest = Math.min(...coveredAtBottom.map((control) => control.top));
  const candidates = [
    headerBottom === null ? null : headerBottom + GAP / 2,
    highest - GAP / 2 - toast.height,
    GAP,
  ].filter((top): top is number => top !== null && top >= 0 && top + toast.height <= viewportHeight);
  let best: number | null = null;
  let fewest = coveredAtBottom.length;
  for (const top of candidates) {
    const count = covered(top).length;
    if (count === 0) return Math.round(top);
    if (count < fewest) [best, fewest] = [Math.round(top), count];
  }
  return best;
}

const CONTROLS = 'button, a[href], [role="button"]';

const boxOf = (element: Element): Band => element.getBoundingClientRect();

/** One look at the page: the top edge for the toast in `root`, or null for its usual place. */
function measure(root: Element): number | null {
  const box = root.getBoundingClientRect();
  if (box.height === 0) return null;
  const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter((d) => !root.contains(d));
  if (dialogs.length === 0) return null;
  const controls = dialogs
    .flatMap((dialog) => [...dialog.querySelectorAll(CONTROLS)])
    // Not the number fields' step arrows, which are out of the tab order and hidden from screen readers.
    .filter(
      (control) => control.getAttribute('tabindex') !== '-1' && !control.closest('[aria-hidden="true"]'),
    )
    .map(boxOf)
    .filter((b) => b.bottom > b.top && b.right > b.left);
  const header = dialogs.at(-1)?.querySelector('header');
  return placeToast(box, window.innerHeight, controls, header ? boxOf(header).bottom : null);
}

const findRoot = () => document.querySelector(`[${TOAST_ROOT_ATTRIBUTE}][data-position="bottom-right"]`);

function place(root: HTMLElement): void {
  const top = measure(root);
  const value = top === null ? '' : `${top}px`;
  if (root.style.top === value) return;
  root.style.top = value;
  root.style.bottom = top === null ? '' : 'auto';
}

/**
 * Keeps a toast off the actions of an open dialog (decision 029: 'Bilde lastet opp' lay over the create
 * dialog's submit button on a phone for its 5 s). Toasts sit at the bottom, where the dialogs' title and
 * close button are not; but on a phone, or in a tall dialog, the dialog's own buttons can be down there too.
 * While a toast shows, its container is placed every frame (the dialog may scroll or grow) where it covers no
 * button. Set on the element in an animation frame, which runs after the frame's scrolling and before its
 * paint, rather than through React state, which would render a frame later and show the toast over the
 * buttons meanwhile.
 */
export function useToastPlacement(): void {
  const showing = useNotifications().notifications.length > 0;
  useEffect(() => {
    if (!showing) return;
    let frame = 0;
    const everyFrame = () => {
      const root = findRoot();
      if (root instanceof HTMLElement) place(root);
      frame = requestAnimationFrame(everyFrame);
    };
    everyFrame();
    return () => {
      cancelAnimationFrame(frame);
      const root = findRoot();
      if (root instanceof HTMLElement) root.style.removeProperty('top');
      if (root instanceof HTMLElement) root.style.removeProperty('bottom');
    };
  }, [showing]);
}
