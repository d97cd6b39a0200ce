/**
 * The home page's islands before React (decision 020): src/boot.ts imports this module
 * after the load event on a page whose HTML has `[data-island]` elements, and it installs each
 * island's behaviour, fetching its small code when the island first needs it:
 *  - `countdown`: at once, so the figures replace the HTML's "--" right after the load;
 *  - `carousel`, `ticker`: when the element first comes into view (IntersectionObserver): the
 *    ticker moves from then on, a carousel's rotation starts (and it fetches keen-slider only
 *    when its first slide change is due: carousel.ts);
 *  - `poster` (a video's poster picture: poster.ts): when the video comes within 400 px of the view.
 * The React components install the same controllers when React renders them; the first install
 * wins and the other gets the same controller (controllers.ts), so it makes no difference which
 * comes first. A press on an island's button before its code has arrived is replayed once it has.
 */
import type { Controller } from './controllers';
import { hasController } from './controllers';

type Installer = (element: HTMLElement) => Controller;

const loaders: Record<string, () => Promise<Installer>> = {
  countdown: () => import('./countdown').then((m) => m.installCountdown),
  carousel: () => import('./carousel').then((m) => m.installCarousel),
  ticker: () => import('./ticker').then((m) => m.installTicker),
  poster: () => import('./poster').then((m) => m.installPoster as Installer),
};

/** Islands whose code is on its way, with the buttons pressed meanwhile (replayed on install). */
const pending = new Map<HTMLElement, HTMLElement[]>();

function install(element: HTMLElement): void {
  const load = loaders[element.dataset.island ?? ''];
  if (!load || pending.has(element) || hasController(element)) return;
  pending.set(element, []);
  void load().then((installer) => {
    const pressed = pending.get(element) ?? [];
    pending.delete(element);
    if (!element.isConnected) return;
    installer(element);
    // Pressed while no controller listened: now one does.
    for (const button of pressed) button.click();
  });
}

/** A press on a button of an island whose code is still loading: kept for replay. */
function onClick(event: Event): void {
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
  const island = button?.closest<HTMLElement>('[data-island]');
  if (button && island && !hasController(island)) pending.get(island)?.push(button);
}

/** Installs every island of the page (see the module comment). Browser only. */
export function startIslands(): void {
  document.addEventListener('click', onClick, true);
  const elements = Array.from(document.querySelectorAll<HTMLElement>('[data-island]'));
  const observer = (rootMargin: string) =>
    new IntersectionObserver(
      (entries, self) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          self.unobserve(entry.target);
          install(entry.target as HTMLElement);
        }
      },
      { rootMargin },
    );
  const inView = observer('0px');
  const nearView = observer('400px');
  for (const element of elements) {
    if (element.dataset.island === 'countdown') install(element);
    else if (element.dataset.island === 'poster') nearView.observe(element);
    else inView.observe(element);
  }
}
