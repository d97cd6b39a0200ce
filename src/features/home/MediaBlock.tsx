/**
 * The image and video block (docs/rules.md#the-information-pages): a campus image and a campus tour video with
 * controls, muted, not autoplayed and not preloaded (only its poster loads), with the
 * fallback text of docs/rules.md#the-information-pages inside the element. Its poster is fetched when the video comes near the view
 * (islands/poster.ts, decision 020), not with the page.
 */
import { useLayoutEffect, useRef } from 'react';
import type { HomeMedia } from '../../content/types';
import { installPoster } from './islands/poster';

/** Image and video side by side on wide screens, stacked on small ones. */
export function MediaBlock({ media }: { media: HomeMedia }) {
  const { image, video } = media;
  const videoRef = useRef<HTMLVideoElement>(null);
  useLayoutEffect(() => {
    const poster = installPoster(videoRef.current!);
    return () => poster.destroy();
  }, []);
  return (
    <section className="home-media" aria-labelledby="home-media-heading">
      <h2 id="home-media-heading">{media.heading}</h2>
      <div className="home-media__grid">
        <img
          className="home-media__image"
          src={image.src}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
        <video
          ref={videoRef}
          className="home-media__video"
          controls
          muted
          preload="none"
          playsInline
          data-poster={video.poster}
          data-island="poster"
          width={video.width}
          height={video.height}
          aria-label={video.title}
        >
          <source src={video.src} type={video.type} />
          Your browser does not support the video tag.
        </video>
      </div>
    </section>
  );
}
