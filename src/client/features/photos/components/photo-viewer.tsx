import { ActionIcon, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type PointerEvent, type ReactNode, useEffect, useRef } from 'react';
import { PHOTO_SIZES, photoSources } from '../../../../shared/format/photo-layout';
import { Modal } from '../../../components/modal';
import { photoLabel, stepIndex, swipeStep } from '../gallery-index';
import classes from './photo-viewer.module.css';

interface PhotoViewerProps {
  photos: string[];
  name: string;
  /** The photo shown, from 0; the gallery holds it, so that it opens at the thumbnail chosen. */
  index: number;
  opened: boolean;
  onIndexChange: (index: number) => void;
  /** Mantine's Modal gives the focus back to what had it (the thumbnail) when it closes. */
  onClose: () => void;
}

/** A round button over one side of the photo. */
function StepButton(props: {
  label: string;
  side: string | undefined;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      className={`${classes.step} ${props.side}`}
      size={48}
      radius="xl"
      variant="transparent"
      aria-label={props.label}
      onClick={props.onClick}
    >
      {props.children}
    </ActionIcon>
  );
}

/** Starts fetching a photo at the size the viewer will ask for, so that the next one shows at once. */
function preload(url: string): void {
  const image = new Image();
  const sources = photoSources(url, PHOTO_SIZES.viewer);
  if (sources.srcSet && sources.sizes) {
    image.sizes = sources.sizes;
    image.srcset = sources.srcSet;
  }
  image.src = sources.src;
}

/**
 * The round's photos one at a time, full screen (decision 047): next and previous by a swipe, the arrow keys
 * or the buttons, going round at either end; Escape or 'Lukk' closes it.
 */
export function PhotoViewer({ photos, name, index, opened, onIndexChange, onClose }: PhotoViewerProps) {
  const count = photos.length;
  const url = photos[index];
  const drag = useRef<{ x: number; y: number } | null>(null);
  const step = (by: number) => onIndexChange(stepIndex(index, count, by));

  useEffect(() => {
    if (!opened || count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const by = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!by) return;
      event.preventDefault();
      onIndexChange(stepIndex(index, count, by));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, index, count, onIndexChange]);

  useEffect(() => {
    if (!opened || count < 2) return;
    for (const by of [1, -1]) {
      const neighbour = photos[stepIndex(index, count, by)];
      if (neighbour) preload(neighbour);
    }
  }, [opened, photos, index, count]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // The buttons over the photo keep their clicks; a second finger (a pinch) is not a swipe.
    if (!event.isPrimary || (event.target as Element).closest('button')) return;
    drag.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    drag.current = null;
    if (!start || !event.isPrimary || count < 2) return;
    const by = swipeStep(event.clientX - start.x, event.clientY - start.y);
    if (by) step(by);
  };

  if (!url) return null;
  const label = photoLabel(index, count);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      fullScreen
      padding={0}
      title={
        <>
          <VisuallyHidden>{label}</VisuallyHidden>
          <span aria-hidden>
            {index + 1} / {count}
          </span>
        </>
      }
      closeButtonProps={{ 'aria-label': 'Lukk', size: 'lg', iconSize: 24 }}
      classNames={{
        content: classes.content,
        header: classes.header,
        title: classes.title,
        close: classes.close,
        body: classes.body,
      }}
      transitionProps={{ transition: 'fade', duration: 150 }}
    >
      <div
        className={classes.stage}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
        }}
        data-testid="photo-viewer-stage"
      >
        <img
          {...photoSources(url, PHOTO_SIZES.viewer)}
          className={classes.photo}
          alt={`${name}, ${label.toLowerCase()}`}
          draggable={false}
          decoding="async"
        />
        {count > 1 ? (
          <>
            <StepButton label="Forrige bilde" side={classes.previous} onClick={() => step(-1)}>
              <IconChevronLeft size={28} aria-hidden />
            </StepButton>
            <StepButton label="Neste bilde" side={classes.next} onClick={() => step(1)}>
              <IconChevronRight size={28} aria-hidden />
            </StepButton>
          </>
        ) : null}
      </div>
    </Modal>
  );
}
