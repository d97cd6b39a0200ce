/**
 * The home page's status line, at the top of its first screen at every width: where the edition
 * stands (docs/decisions/031-edition-phases.md), in one sentence with the one link that matters
 * then: when online registration opens, that it is open and until when, that it has closed and
 * when the conference is, that the conference is under way, and after the last day that it has
 * ended, with the certificates of attendance once they can be downloaded
 * (src/content/certificates.ts). One variant per window of the edition (PhaseVariants), so a page
 * prerendered months earlier says the visitor's truth from its first script on.
 */
import { Link } from 'react-router-dom';
import { SampleBadge } from '../../components/SampleBadge';
import { PhaseVariants } from '../../components/PhaseVariants';
import { conference } from '../../content/conference';
import { registrationFees } from '../../content/registration';
import { formatDay, formatDayRange } from '../../shared/dates';
import { certificatesOpen, windowsWithCertificates } from '../../shared/edition';
import { paths } from '../../shared/routes';
import { mergeWindows, type PhaseWindow } from '../../shared/schedule';

const days = formatDayRange(conference.startDate, conference.endDate);
const place = `${conference.instituteShortName}, ${conference.state}`;

/** What the line says in a window: its phase, and after the conference whether certificates are out. */
function variantOf(w: PhaseWindow): string {
  const at = new Date(w.from ?? (w.until as number) - 1);
  return (w.phase === 'under-way' || w.phase === 'ended') && certificatesOpen(at) ? `${w.phase}+certificates` : w.phase;
}

const windows = mergeWindows(windowsWithCertificates, variantOf);

/** The words and the link of each variant. */
function Status({ variant }: { variant: string }) {
  switch (variant) {
    case 'before-registration':
      return (
        <>
          Online registration opens on {formatDay(registrationFees.registrationOpens.date)}
          {registrationFees.registrationOpens.sample ? <SampleBadge /> : null}.{' '}
          <Link to={paths.registrationInfo}>Fees and rules</Link>
        </>
      );
    case 'registration-open':
      return (
        <>
          Registration is open until {formatDay(registrationFees.standardDeadline)}.{' '}
          <Link to={paths.registrationInfo}>Register</Link>
        </>
      );
    case 'registration-closed':
      return (
        <>
          Online registration has closed. The conference takes place on {days} at {place}. <Link to={paths.location}>Getting there</Link>
        </>
      );
    case 'under-way':
    case 'under-way+certificates':
      return (
        <>
          {conference.name} is under way at {place} until {formatDay(conference.endDate)}.{' '}
          {variant === 'under-way' ? <Link to={paths.location}>Getting there</Link> : <Link to={paths.certificates}>Download your certificate of attendance</Link>}
        </>
      );
    default:
      return (
        <>
          {conference.name} has ended. Thank you for taking part.
          {variant === 'ended+certificates' ? (
            <>
              {' '}
              <Link to={paths.certificates}>Download your certificate of attendance</Link>
            </>
          ) : null}
        </>
      );
  }
}

/** The status line (a labelled region, first on the page). */
export function EditionStatus() {
  return (
    <section className="edition-status" aria-label="Conference status" data-testid="edition-status">
      <PhaseVariants windows={windows} as="p" className="edition-status__text">
        {(w) => <Status variant={w.key} />}
      </PhaseVariants>
    </section>
  );
}
