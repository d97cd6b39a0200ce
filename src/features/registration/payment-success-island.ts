/**
 * The payment-success page before the app has loaded (decision 023): the page is prerendered
 * for its address without a query ('Form Submitted Successfully!'), and a delegate arrives with
 * reg_no, payment_id and kind in it. This renders what PaymentSuccessPage.tsx renders for that
 * query, from the same view (payment-success-view.ts), into the prerendered card: the same
 * elements, classes and single text nodes, so that the app later hydrates it without a change.
 * Text is set as text, never as HTML: the query is the visitor's input. Loaded by src/boot.ts
 * when the page has a query string; browser only.
 */
import { paymentSuccessView } from './payment-success-view';

/** Renders the view for `params` into `card` (the prerendered `section.payment-success`), keeping its icon. */
export function renderPaymentSuccess(card: HTMLElement, params: URLSearchParams): void {
  const view = paymentSuccessView(params);
  const element = (tag: string, text: string, className?: string) => {
    const node = document.createElement(tag);
    if (className) node.className = className;
    node.textContent = text;
    return node;
  };
  const heading = element('h1', view.heading);
  heading.tabIndex = -1;
  const parts: HTMLElement[] = [heading];
  if (view.details) {
    const lines = element('div', '', 'payment-success__details');
    if (view.details.paymentLine !== null) lines.append(element('p', view.details.paymentLine));
    lines.append(element('p', view.details.registrationLine));
    parts.push(element('p', view.details.lead), lines, element('p', view.details.note, 'payment-success__note'));
    if (view.details.links.length) {
      const list = element('ul', '', 'payment-success__links');
      for (const link of view.details.links) {
        const anchor = element('a', link.label) as HTMLAnchorElement;
        anchor.href = link.href;
        const item = document.createElement('li');
        item.append(anchor);
        list.append(item);
      }
      parts.push(list);
    }
  }
  const icon = card.querySelector('svg');
  card.replaceChildren(...(icon ? [icon] : []), ...parts);
  document.title = view.title;
  card.closest<HTMLElement>('#root')?.setAttribute('data-query-rendered', '');
}
