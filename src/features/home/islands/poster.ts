/**
 * A video's poster fetched when the video comes near the view (decision 020): the home page's
 * campus video (MediaBlock.tsx) gives its poster as `data-poster`, because a browser fetches a
 * `poster` with the page whatever the video's place, and that picture (about 30 KB) held back the
 * page's largest paint. The island script installs it when the video comes near the view;
 * MediaBlock installs it when React renders the block. Without JavaScript the video has no poster.
 */
import { controllerOf, type Controller } from './controllers';

/** Sets `video`'s poster from its data-poster (once). */
export function installPoster(video: HTMLVideoElement): Controller {
  return controllerOf(video, (release) => {
    if (!video.getAttribute('poster') && video.dataset.poster) video.poster = video.dataset.poster;
    return { destroy: release };
  });
}
