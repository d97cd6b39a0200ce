/**
 * The one layout every e-mail of the site uses: the conference's name as a header, a
 * heading that says what happened, the message's own parts, and a footer with the contact address
 * and the venue. Built with react-email's components, which render tables and inline styles that
 * mail clients understand; render.ts turns an element into the HTML and plain-text parts.
 *
 * Templates are pure: props in, element out, with no I/O and no clock, so other issues can add a
 * template here without touching the transport (netlify/server/mail.ts).
 */
import type { CSSProperties, ReactNode } from 'react';
// Each component from its own package, not from @react-email/components, which also loads
// Tailwind and a code highlighter: the payment functions load this module when they start
// (Netlify's bundler hoists it), and that umbrella took over a second to import cold
// (docs/performance.md, "Cold starts").
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { conference } from '../../../src/content/conference';

const body: CSSProperties = { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1a1a1a', margin: 0, padding: '16px 0' };
const container: CSSProperties = { backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px', borderRadius: '6px' };
const brand: CSSProperties = { fontSize: '13px', color: '#4a5568', margin: '0 0 8px', letterSpacing: '0.02em' };
const heading: CSSProperties = { fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' };
const paragraph: CSSProperties = { fontSize: '15px', lineHeight: '1.5', margin: '0 0 12px' };
const fact: CSSProperties = { fontSize: '15px', lineHeight: '1.4', margin: '0 0 4px' };
const footer: CSSProperties = { fontSize: '13px', color: '#4a5568', lineHeight: '1.5', margin: '0 0 4px' };

/** The frame of every message: `preview` is the inbox preview line, `heading` what happened. */
export function EmailLayout({ preview, heading: title, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          <Text style={brand}>{conference.name}</Text>
          <Heading as="h1" style={heading}>
            {title}
          </Heading>
          {children}
          <Hr />
          <Text style={footer}>
            Questions: <Link href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</Link>
          </Text>
          <Text style={footer}>
            {conference.name}, {conference.venue}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph of the message. */
export function P({ children }: { children: ReactNode }) {
  return <Text style={paragraph}>{children}</Text>;
}

/** "Label: value" lines (the same text in the HTML and the plain-text part, so a reader can search either). */
export function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={fact}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

/** A list of links, each with the words of what it does. */
export function LinkList({ links }: { links: readonly (readonly [string, string])[] }) {
  return (
    <ul style={{ paddingLeft: '20px', margin: '0 0 12px' }}>
      {links.map(([label, url]) => (
        <li key={url} style={fact}>
          <Link href={url}>{label}</Link>: {url}
        </li>
      ))}
    </ul>
  );
}
