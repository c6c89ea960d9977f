import { UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { PHOTO_SIZES, photoSources } from '../../../../shared/format/photo-layout';
import { photoSizeUrl } from '../../../../shared/format/photo-sizes';
import { LoadPart, lazyPart } from '../../../components/lazy-part';
import { useShownOnce } from '../../../lib/use-shown-once';
import { showPhotoLabel } from '../gallery-index';
import classes from './gallery.module.css';

// The viewer is its own chunk, fetched when a pointer or the focus comes to a photo, so the round
// page's first load carries none of it (decision 021); Mantine's Modal inside it loads on use as well.
const loadViewer = () => import('./photo-viewer');
const PhotoViewer = lazyPart(loadViewer, (m) => m.PhotoViewer);
const preloadViewer = () => {
  loadViewer().catch(() => {});
};
const preloadOnApproach = { onPointerEnter: preloadViewer, onFocus: preloadViewer };

interface GalleryProps {
  /** The round's photos in the owner's order, the cover first; at least one. */
  photos: string[];
  /** The property's name, for the cover's text alternative. */
  name: string;
}

/**
 * The round page's photos (decision 047): the cover large and fetched first, the others as thumbnails loaded
 * as they come into view; each opens the full-screen viewer at itself. Rendered alike on the server and in
 * the browser (decision 024): nothing here reads the window before an effect or an event.
 */
export function Gallery({ photos, name }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [opened, setOpened] = useState(false);
  const mounted = useShownOnce(opened);
  const count = photos.length;
  const cover = photos[0];
  if (!cover) return null;
  const open = (at: number) => {
    setIndex(at);
    setOpened(true);
  };
  return (
    <div>
      <UnstyledButton
        className={classes.cover}
        {...preloadOnApproach}
        aria-label={showPhotoLabel(0, count)}
        onClick={() => open(0)}
      >
        <img {...photoSources(cover, PHOTO_SIZES.cover)} alt={name} loading="eager" fetchPriority="high" />
        {count > 1 ? (
          <span className={classes.count} aria-hidden>
            <IconPhoto size={16} />
            {count}
          </span>
        ) : null}
      </UnstyledButton>
      {count > 1 ? (
        <ul className={classes.thumbs} aria-label="Flere bilder">
          {photos.slice(1).map((url, i) => (
            <li key={url}>
              <UnstyledButton
                className={classes.thumb}
                {...preloadOnApproach}
                aria-label={showPhotoLabel(i + 1, count)}
                onClick={() => open(i + 1)}
              >
                {/* 72 px wide: the smallest stored size is sharp enough at any pixel density. */}
                <img
                  src={photoSizeUrl(url, 480)}
                  alt=""
                  width={72}
                  height={54}
                  loading="lazy"
                  decoding="async"
                />
              </UnstyledButton>
            </li>
          ))}
        </ul>
      ) : null}
      {mounted ? (
        <LoadPart quiet>
          <PhotoViewer
            photos={photos}
            name={name}
            index={Math.min(index, count - 1)}
            opened={opened}
            onIndexChange={setIndex}
            onClose={() => setOpened(false)}
          />
        </LoadPart>
      ) : null}
    </div>
  );
}
