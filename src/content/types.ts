/**
 * Shapes of the edition's content (docs/rules.md#the-information-pages). Every module in src/content exports
 * data of these shapes; tests/unit/content.test.ts checks it with zod (dates, links, counts).
 * The facts of the 2025 edition (../shared/content-facts in the project's workspace) are real
 * content; what no public fact covers is sample data and says so with `sample: true` on the
 * smallest object that holds it. `npm run content:report` lists every such object.
 */

/** A piece of sample text: shown with a SAMPLE badge until the committee replaces it. */
export interface SampleText {
  text: string;
  sample: true;
}

/** A sample external address: shown with a SAMPLE badge until the committee replaces it. */
export interface SampleLink {
  url: string;
  sample: true;
}

/** An entry of the Important Dates list (docs/rules.md#the-information-pages). `date` is ISO yyyy-mm-dd. */
export interface ImportantDate {
  title: string;
  date: string;
  /** An internal path (a route of src/shared/routes.ts) or '' for none. */
  link: string;
  secondary_link?: string;
  secondary_title?: string;
}

export interface Hotel {
  name: string;
  /** A maps URL. */
  mapLink: string;
  /** A phone number, or the text 'N/A'. */
  phone: string;
  distanceKm: number;
  /** 0-5 stars, one decimal. */
  rating: number;
  /** Only the first Dharwad hotel has one (docs/rules.md#the-information-pages); the public facts give none, so it is sample. */
  bookingLink?: SampleLink;
}

export interface Speaker {
  name: string;
  /** Public path of the portrait; without one the page shows the speaker's initials (no photo is copied). */
  image?: string;
  /** Position, affiliation and country. */
  title: string;
  /** The public facts give no biographies: each is sample text until the speaker sends one. */
  bio: SampleText;
  /** Set on a whole card that is a placeholder (a slot docs/rules.md counts but the facts do not fill). */
  sample?: true;
}

/** A sponsor or organiser logo card; `width` (relative, in %) only for sponsors. */
export interface LogoCard {
  src: string;
  alt: string;
  width?: number;
  /** Text under the logo (the name, and the sponsor tier where known). */
  caption?: string;
  /** A placeholder card (a slot docs/rules.md counts but the facts do not fill). */
  sample?: true;
}

export interface AnnouncementPoster {
  label: string;
  image: string;
}

export interface TickerItem {
  text: string;
  /** What the item says once the conference is over, when `text` would no longer be true. */
  endedText?: string;
  link: string;
}

export interface HeroSlide {
  title: string;
  subtitle: string;
  image: string;
}

export interface CommitteeMember {
  name: string;
  affiliation: string;
}

export interface CommitteeRole {
  role: string;
  members: CommitteeMember[];
}


/** A dated milestone of a programme (e.g. the paper-assistance timeline). `date` is ISO yyyy-mm-dd. */
export interface Milestone {
  title: string;
  date: string;
}

/** A question and its answer (one entry of an FAQ); `answer` is one or more paragraphs. */
export interface FaqEntry {
  question: string;
  answer: string[];
}

/** A sponsorship package: name, price in whole rupees and what the sponsor receives. */
export interface SponsorshipPackage {
  name: string;
  amountINR: number;
  benefits: string[];
}

/** An airport near the venue: how far it is, as a road distance or a travel time. */
export interface Airport {
  name: string;
  /** IATA code, where the facts give one. */
  code?: string;
  /** Approximate road distance to the campus. */
  distanceKm?: number;
  /** Approximate travel time to the campus, e.g. 'about 30 minutes'. */
  travelTime?: string;
  note: string;
}

/** A railway station near the venue. */
export interface RailwayStation {
  name: string;
  code: string;
  distanceKm: number;
}


/** The home page's Important Information block: nearest airports and travel notes. */
export interface ImportantInformation {
  heading: string;
  airports: Airport[];
  /** One paragraph each. */
  travelNotes: string[];
}

/** An image with its intrinsic size (for width/height attributes: no layout shift). */
export interface SizedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The home page's image and video block. */
export interface HomeMedia {
  heading: string;
  image: SizedImage;
  video: {
    src: string;
    /** MIME type of `src`. */
    type: string;
    poster: string;
    /** Accessible name of the video. */
    title: string;
    width: number;
    height: number;
  };
}
