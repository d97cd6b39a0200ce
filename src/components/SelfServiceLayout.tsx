/**
 * The frame every self-service page shares: the document title '<heading> | <name>',
 * one h1, an optional lead paragraph, then the page's own parts, in one <article> whose class
 * `self-service` carries the common layout (self-service.css). Used by the self-service pages
 * (tier upgrade, IEEE change, name change, name transfer) and the accounts pages (cancellation,
 * invoices, proof of student status, certificates). `className` adds the feature's own class.
 */
import type { ReactNode } from 'react';
import { identity } from '../content/identity';
import './self-service.css';

export function SelfServiceLayout({ heading, title = heading, className, lead, children }: { heading: string; title?: string; className: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <article className={`self-service ${className}`}>
      <title>{`${title} | ${identity.name}`}</title>
      <h1>{heading}</h1>
      {lead && <p className="self-service__lead">{lead}</p>}
      {children}
    </article>
  );
}
