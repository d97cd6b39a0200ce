/**
 * Small building blocks shared by the information pages: external and file links with their
 * accessible hints, plain text lists, a page frame with the document title and one <h1>, and a
 * speaker card. Imports nothing but React types and src/content, so every page stays a small chunk.
 */
import type { ReactNode } from 'react';
import { identity } from '../../content/identity';
import type { Speaker } from '../../content/types';
import { SampleBadge } from '../../components/SampleBadge';
import './info.css';

/** The frame of an information page: the document title and the page's only <h1>, then its content. */
export function InfoPage({ title, lead, children }: { title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <article className="ip">
      <title>{`${title} | ${identity.name}`}</title>
      <header className="ip__header">
        <h1>{title}</h1>
        {lead ? <p className="ip__lead">{lead}</p> : null}
      </header>
      {children}
    </article>
  );
}

/** A titled section of a page: a card with an <h2> whose id labels the section. */
export function InfoSection({ id, title, children, className }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section className={`card ip-section${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A link to another site: opens in a new tab, without giving it access to this page
 * (rel="noopener noreferrer"), and tells screen-reader users so.
 */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="ip-external" aria-hidden="true">
        {' '}
        ↗
      </span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** A link to a static file of this site (PDF, spreadsheet), naming its format. */
export function FileLink({ href, format, children, className }: { href: string; format: 'PDF' | 'Excel spreadsheet'; children: ReactNode; className?: string }) {
  return (
    <a href={href} className={className} download={format === 'PDF' ? undefined : ''} type={format === 'PDF' ? 'application/pdf' : undefined}>
      {/* One text run: as separate flex items of a .button, the words and the format wrapped apart on a phone. */}
      <span>
        {children} <span className="ip-format">({format})</span>
      </span>
    </a>
  );
}

/**
 * A section's actions: the external address it leads to as the page's main button (in a span with
 * a SAMPLE badge when the address is a sample), then, when given, a file of this site to download
 * as the secondary button.
 */
export function ActionRow({
  href,
  label,
  sample = false,
  file,
}: {
  href: string;
  label: string;
  sample?: boolean;
  file?: { href: string; format: 'PDF' | 'Excel spreadsheet'; label: string };
}) {
  const main = (
    <ExternalLink href={href} className="button ip-cta">
      {label}
    </ExternalLink>
  );
  return (
    <div className="button-row ip-actions">
      {sample ? (
        <span className="ip-action">
          {main}
          <SampleBadge />
        </span>
      ) : (
        main
      )}
      {file ? (
        <FileLink href={file.href} format={file.format} className="button button--secondary">
          {file.label}
        </FileLink>
      ) : null}
    </div>
  );
}

/** People with their affiliations (a committee role, the SYP chairs), one line each. */
export function PeopleList({ people }: { people: readonly { name: string; affiliation: string }[] }) {
  return (
    <ul className="ip-people">
      {people.map((person) => (
        <li key={person.name}>
          <span className="ip-people__name">{person.name}</span>
          <span className="ip-people__affiliation">{person.affiliation}</span>
        </li>
      ))}
    </ul>
  );
}

/** A bulleted (or, with `ordered`, numbered) list of plain text lines. */
export function TextList({ items, ordered = false, className }: { items: readonly string[]; ordered?: boolean; className?: string }) {
  const lines = items.map((item) => <li key={item}>{item}</li>);
  return ordered ? <ol className={className}>{lines}</ol> : <ul className={className}>{lines}</ul>;
}

/** Paragraphs of plain text. */
export function Paragraphs({ items }: { items: readonly string[] }) {
  return (
    <>
      {items.map((item) => (
        <p key={item}>{item}</p>
      ))}
    </>
  );
}

/** Initials of a person's name without the academic or courtesy title ('Dr. Elena Ejemplo' -> 'EE'). */
export function initials(name: string): string {
  const words = name
    .replace(/^((Prof|Dr|Mr|Ms|Mrs|Er)\.?\s+)+/i, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * One speaker: portrait (400 x 400; the initials when there is none), name in an <h2>, title
 * and biography, with a SAMPLE badge on what is still sample. `eager` marks the first portrait on the page, which is not lazy.
 */
export function SpeakerCard({ speaker, eager = false }: { speaker: Speaker; eager?: boolean }) {
  return (
    <li className="card ip-speaker">
      {speaker.image ? (
        <img
          className="ip-speaker__photo"
          src={speaker.image}
          alt={`Portrait of ${speaker.name}`}
          width={400}
          height={400}
          loading={eager ? undefined : 'lazy'}
          decoding="async"
        />
      ) : (
        <div className="ip-speaker__photo ip-speaker__initials" aria-hidden="true">
          {initials(speaker.name)}
        </div>
      )}
      <div className="ip-speaker__body">
        <h2 className="ip-speaker__name">
          {speaker.name}
          {speaker.sample ? <SampleBadge /> : null}
        </h2>
        <p className="ip-speaker__title">{speaker.title}</p>
        <p className="ip-speaker__bio">
          {speaker.bio.text}
          {speaker.bio.sample && !speaker.sample ? <SampleBadge /> : null}
        </p>
      </div>
    </li>
  );
}

/** A grid of speaker cards; the first portrait is loaded eagerly, the others lazily. */
export function SpeakerList({ speakers, label }: { speakers: readonly Speaker[]; label: string }) {
  const firstWithImage = speakers.findIndex((s) => s.image);
  return (
    <ul className="ip-speakers" aria-label={label}>
      {speakers.map((speaker, index) => (
        <SpeakerCard key={speaker.name} speaker={speaker} eager={index === firstWithImage} />
      ))}
    </ul>
  );
}
