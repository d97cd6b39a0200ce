/**
 * The home page at '/' (docs/rules.md#the-information-pages), in the order of docs/rules.md#the-information-pages after a status line that says
 * where the edition stands (EditionStatus, docs/decisions/031-edition-phases.md): hero carousel, announcement
 * ticker, Upcoming Events card, Important Information, Important Dates, Announcements posters,
 * image and video, Sponsors, 'Conference Starts In' countdown, Organisers.
 * Everything time-dependent reads the clock through useNow, everything that moves by itself can
 * be paused and stays still under prefers-reduced-motion. The static blocks (Important
 * Information, image and video, the logo grids) are islands that hydrate on the first interaction.
 */
import { conference } from '../../content/conference';
import { importantDates } from '../../content/dates';
import { announcementPosters, heroSlides, tickerItems } from '../../content/home';
import { formatDayRange } from '../../shared/dates';
import { staticIsland } from '../../lib/hydrate-on-interaction';
import { ConferenceCountdown } from './ConferenceCountdown';
import { EditionStatus } from './EditionStatus';
import { HeroCarousel } from './HeroCarousel';
import { ImportantDates } from './ImportantDates';
import { PosterCarousel } from './PosterCarousel';
import { Ticker } from './Ticker';
import { UpcomingEvents } from './UpcomingEvents';
import { conferenceEventJson } from './event-data';
import './home.css';

// The static sections hydrate on the first interaction; their code and content are a chunk of
// their own (./static-sections.tsx), not part of the home page's first load.
const sections = () => import('./static-sections');
const ImportantInformationIsland = staticIsland(() => sections().then((m) => ({ default: m.ImportantInformationSection })));
const MediaIsland = staticIsland(() => sections().then((m) => ({ default: m.MediaSection })));
const SponsorsIsland = staticIsland(() => sections().then((m) => ({ default: m.SponsorsSection })));
const OrganisersIsland = staticIsland(() => sections().then((m) => ({ default: m.OrganisersSection })));

const conferenceDates = formatDayRange(conference.startDate, conference.endDate);
/** The schema.org Event data for search engines (./event-data.ts): one constant object, so React sets it once. */
const eventData = { __html: conferenceEventJson() };

/** The home page. */
export default function HomePage() {
  return (
    <div className="home">
      <title>{`${conference.name} | ${conference.instituteShortName}, ${conferenceDates}`}</title>
      <h1 className="visually-hidden">{conference.fullName}</h1>
      <script type="application/ld+json" dangerouslySetInnerHTML={eventData} />
      <EditionStatus />
      <HeroCarousel slides={heroSlides} variant="large" label="Conference highlights" priority />
      <Ticker items={tickerItems} />
      {/* One grid for the four cards (in the order of docs/rules.md#the-information-pages) so each column packs its cards without gaps: home.css. */}
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
