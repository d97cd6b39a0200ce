/**
 * A home-page carousel's behaviour (hero and Announcements posters; docs/rules.md#the-information-pages),
 * in plain DOM code (decision 020): the island script installs it before React starts,
 * and HeroCarousel / PosterCarousel install the same code once React renders them. It loops,
 * advancing every `data-interval` ms while its rotation runs (rotation.ts: Pause/Play, hover,
 * keyboard focus, reduced motion), with Previous/Next buttons (`data-carousel-step="-1"|"1"`)
 * where the markup has them, and keeps the slides' aria-hidden and the position text
 * (`data-carousel-position`) on the current slide.
 *
 * keen-slider (about 6 KB gzipped) is fetched when the carousel first has to move: its first
 * automatic advance, a Previous/Next press, or a pointer entering or touching the slides (a
 * swipe or drag then finds it ready). Until then the prerendered HTML and carousel.css show the
 * first slide exactly as keen-slider will.
 *
 * Markup (HeroCarousel.tsx, PosterCarousel.tsx): the container with `data-interval` (ms) and
 * `data-animation` (ms of a slide change), its `.keen-slider` track whose children are the slides,
 * and a `[data-rotation-control]` button. The images of the slides after the first carry their
 * address as `data-src` (slideImageProps): they are fetched when the carousel is installed, not
 * with the page, where they held back its largest paint (decision 020).
 */
import type { KeenSliderInstance } from 'keen-slider';
import { controllerOf, type Controller } from './controllers';
import { rotation } from './rotation';

/** Installs the carousel behaviour on `container` (once: a second call returns the same controller). */
export function installCarousel(container: HTMLElement): Controller {
  return controllerOf(container, (release) => create(container, release));
}

function create(container: HTMLElement, release: () => void): Controller {
  const track = container.querySelector<HTMLElement>('.keen-slider')!;
  const slides = Array.from(track.children) as HTMLElement[];
  const position = container.querySelector<HTMLElement>('[data-carousel-position]');
  const intervalMs = Number(container.dataset.interval);
  const animationMs = Number(container.dataset.animation);
  let current = 0;
  let destroyed = false;
  let slider: Promise<KeenSliderInstance | null> | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;

  for (const img of track.querySelectorAll<HTMLImageElement>('img[data-src]')) if (!img.getAttribute('src')) img.src = img.dataset.src!;

  const show = (index: number) => {
    current = index;
    slides.forEach((slide, i) => (i === index ? slide.removeAttribute('aria-hidden') : slide.setAttribute('aria-hidden', 'true')));
    if (position) position.textContent = `${index + 1} / ${slides.length}`;
  };

  const start = () =>
    (slider ??= import('keen-slider').then(({ default: KeenSlider }) =>
      destroyed
        ? null
        : new KeenSlider(track, {
            loop: true,
            initial: current,
            defaultAnimation: { duration: animationMs },
            slideChanged: (s) => show(s.track.details.rel),
          }),
    ));

  /** Moves one slide on (1) or back (-1), fetching keen-slider first if needed. */
  const step = async (direction: 1 | -1) => {
    const s = await start();
    if (direction === 1) s?.next();
    else s?.prev();
  };

  const motion = rotation(container, (running) => {
    // Announced when it is not moving by itself (WAI carousel pattern).
    track.setAttribute('aria-live', running ? 'off' : 'polite');
    clearInterval(timer);
    // The interval restarts whenever it resumes.
    if (running && slides.length > 1) timer = setInterval(() => (track.isConnected ? void step(1) : destroy()), intervalMs);
  });

  const onStep = (event: Event) => {
    const button = (event.target as Element).closest<HTMLElement>('[data-carousel-step]');
    if (button && container.contains(button)) void step(button.dataset.carouselStep === '-1' ? -1 : 1);
  };
  // A pointer on the slides may be about to drag or swipe: start keen-slider now.
  const onPointer = () => void start();
  container.addEventListener('click', onStep);
  for (const type of ['pointerenter', 'pointerdown', 'touchstart']) track.addEventListener(type, onPointer, { passive: true });

  function destroy() {
    destroyed = true;
    clearInterval(timer);
    motion.destroy();
    container.removeEventListener('click', onStep);
    for (const type of ['pointerenter', 'pointerdown', 'touchstart']) track.removeEventListener(type, onPointer);
    void slider?.then((s) => s?.destroy());
    release();
  }

  return { destroy };
}

/**
 * The address attributes of a slide's image: `src` for the first slide (shown by the HTML alone),
 * `data-src` for the others (set as `src` when the carousel is installed).
 */
export function slideImageProps(src: string, index: number): { src?: string; 'data-src'?: string } {
  return index === 0 ? { src } : { 'data-src': src };
}

/**
 * The attributes of slide `index` of `count`: a group announced as "slide, 2 of 5"; every slide
 * but the first is hidden from assistive technology until the carousel shows it.
 */
export function slideProps(index: number, count: number) {
  return {
    role: 'group',
    'aria-roledescription': 'slide',
    'aria-label': `${index + 1} of ${count}`,
    'aria-hidden': index === 0 ? undefined : true,
  } as const;
}
