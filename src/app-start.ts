/**
 * Starting the app from a prerendered page: the entry chunk of src/main.tsx, whose
 * address scripts/prerender.ts writes on the root element (data-app), after the chunks it will
 * import at once (data-app-chunks). Shared by the information pages' bootstrap script (src/boot.ts)
 * and the pages the app renders (src/start.ts). Browser only.
 */

const root = document.getElementById('root');
let app: Promise<unknown> | undefined;

/**
 * Loads and starts the app once; later calls share the first one's promise. Imported by address,
 * not as `import('./main')`, so that main.tsx stays the entry of index.html and of every other page.
 */
export function startApp(): Promise<unknown> {
  const url = root?.dataset.app;
  return (app ??= url ? evaluateInTurn(root?.dataset.appChunks?.split(' ').filter(Boolean) ?? []).then(() => import(/* @vite-ignore */ url)) : Promise.reject(new Error('no data-app on #root')));
}

/**
 * Fetches the chunks the app imports at once (the entry's own imports, React DOM and the router
 * among them, and on a page the app renders, the page's code) all in parallel, then evaluates them
 * one per task, yielding to the browser between them: importing the entry alone would evaluate its
 * whole graph in one long task (total blocking time). A chunk that fails is left to the
 * entry's own import, which reports it.
 */
async function evaluateInTurn(chunks: string[]): Promise<void> {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const href of chunks) {
    await import(/* @vite-ignore */ href).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** Runs `run` after the load event (at once if it has passed). */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else addEventListener('load', run, { once: true });
}

/**
 * Starts the app `delayMs` after the first frame painted after the load event (a timeout set in an
 * animation frame runs after that frame), so that the page is on screen before the app's code is
 * even fetched, and the app does not compete with the page for the network or the main thread.
 */
export function startAfterFirstPaint(delayMs = 0): void {
  afterLoad(() => requestAnimationFrame(() => setTimeout(() => void startApp(), delayMs)));
}
