/**
 * Renders an e-mail element (a template of this folder) to the two parts of a message: HTML and
 * plain text, both with @react-email/render. Headings keep their case in the text part (html-to-text
 * upper-cases them by default) and links are written once with their address.
 */
import type { ReactElement } from 'react';

/** The HTML and plain-text parts of `element`. */
export async function renderEmail(element: ReactElement): Promise<{ html: string; text: string }> {
  // Loaded by the first message, not at import (it brings React DOM's server renderer): the
  // functions that send e-mail also answer requests that send none (docs/performance.md).
  const { render } = await import('@react-email/render');
  const [html, text] = await Promise.all([
    render(element),
    render(element, {
      plainText: true,
      htmlToTextOptions: {
        selectors: [
          { selector: 'h1', options: { uppercase: false } },
          { selector: 'h2', options: { uppercase: false } },
          // LinkList writes the address beside the words already.
          { selector: 'a', options: { ignoreHref: true } },
        ],
      },
    }),
  ]);
  return { html, text: text.trim() };
}
