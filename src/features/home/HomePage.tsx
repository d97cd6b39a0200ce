/**
 * The home page at '/' (spec part 1 section 2), in the spec's order: hero carousel, announcement
 * ticker, Upcoming Events card, Important Information, Important Dates, Announcements posters,
 * image and video, Sponsors, 'Conference Starts In' countdown, Organisers.
 * Everything time-dependent reads the clock through useNow, everything that moves by itself can
 * be paused and stays still under prefers-reduced-motion. The static blocks (Important
 * Information, image and video, the logo grids) are islands that hydrate on the first interaction.
 */
import { conference } from '../../content/conference';
import { importantDates } from '../../content/dates';
import { announcementPosters, heroSlides, tickerItems } from '../../content/home';
import { staticIsland } from '../../lib/hydrate-on-interaction';
import { ConferenceCountdown } from './ConferenceCountdown';
import { HeroCarousel } from './HeroCarousel';
import { ImportantDates } from './ImportantDates';
import { PosterCarousel } from './PosterCarousel';
import { Ticker } from './Ticker';
import { UpcomingEvents } from './UpcomingEvents';
import './home.css';

// The static sections hydrate on the first interaction; their code and content are a chunk of
// their own (./static-sections.tsx), not part of the home page's first load (issue 10).
const sections = () => import('./static-sections');
const ImportantInformationIsland = staticIsland(() => sections().then((m) => ({ default: m.ImportantInformationSection })));
const MediaIsland = staticIsland(() => sections().then((m) => ({ default: m.MediaSection })));
const SponsorsIsland = staticIsland(() => sections().then((m) => ({ default: m.SponsorsSection })));
const OrganisersIsland = staticIsland(() => sections().then((m) => ({ default: m.OrganisersSection })));

const fullDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The conference dates as '18 – 21 December 2025'. Not Intl's formatRange: ICU versions join a
 * range differently (Node's '18 – 21', older Chromium's '18–21'), and the prerendered text
 * (rendered by Node at build time) and the browser's hydration render must match exactly. A single
 * date formats the same in every ICU, so the range is joined here.
 */
function dateRangeText(startDate: string, endDate: string): string {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  const sameMonth = start.getUTCFullYear() === end.getUTCFullYear() && start.getUTCMonth() === end.getUTCMonth();
  return `${sameMonth ? String(start.getUTCDate()) : fullDate.format(start)} – ${fullDate.format(end)}`.replace(/\s/g, ' ');
}

const conferenceDates = dateRangeText(conference.startDate, conference.endDate);

/** The home page. */
export default function HomePage() {
  return (
    <div className="home">
      <title>{`${conference.name} | ${conference.instituteShortName}, ${conferenceDates}`}</title>
      <h1 className="visually-hidden">{conference.fullName}</h1>
      <HeroCarousel slides={heroSlides} variant="large" label="Conference highlights" priority />
      <Ticker items={tickerItems} />
      {/* One grid for the four cards (in the spec's order) so each column packs its cards without gaps: home.css. */}
      <div className="home__news">
        <UpcomingEvents dates={importantDates} />
        <ImportantInformationIsland />
        <ImportantDates dates={importantDates} />
        <PosterCarousel posters={announcementPosters} />
      </div>
      <MediaIsland />
      <SponsorsIsland />
      <ConferenceCountdown dates={conferenceDates} />
      <OrganisersIsland />
    </div>
  );
}
