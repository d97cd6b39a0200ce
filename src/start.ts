/**
 * The only script, before the app, of a prerendered page the app renders: the wizard,
 * self-service, the error page and the verify pages. Their HTML is the page's
 * first view; this starts the app right after that view has painted (src/app-start.ts), instead of
 * fetching ~100 KB of JS beside the page's HTML and CSS (LCP ≤ 1.2 s on every public route). The
 * navigation's keyboard model follows at the visitor's first interaction (src/main.tsx).
 * scripts/prerender.ts puts it on those pages in place of the app's entry.
 */
import { startAfterFirstPaint } from './app-start';

startAfterFirstPaint();
