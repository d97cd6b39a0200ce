/**
 * The home page's timing constants that code outside React reads too: scripts/prerender.ts tells
 * src/boot.ts to start the app on the home page by the hero's first automatic advance (issue 26).
 */

/** Time each hero slide stays (spec part 1 section 9: hero 4 s), in ms. */
export const HERO_INTERVAL_MS = 4000;
