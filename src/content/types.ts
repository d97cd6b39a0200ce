/**
 * Shapes of the edition's content (spec part 1 section 3). Every module in src/content exports
 * data of these shapes; tests/unit/content.test.ts checks it with zod (dates, links, counts).
 * Content the spec does not show (names, bios, hotel details) is sample data and says so
 * with `sample: true` on the item or the collection.
 */

/** An entry of the Important Dates list (spec part 1 sections 3, 9). `date` is ISO yyyy-mm-dd. */
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
  /** Only the first Dharwad hotel has one (spec part 1 section 3). */
  bookingLink?: string;
  sample: true;
}

export interface Speaker {
  name: string;
  /** Public path of the portrait; optional for tutorial speakers. */
  image?: string;
  title: string;
  bio: string;
  sample: true;
}

/** A sponsor or organiser logo card; `width` (relative, in %) only for sponsors. */
export interface LogoCard {
  src: string;
  alt: string;
  width?: number;
}

export interface AnnouncementPoster {
  label: string;
  image: string;
}

export interface TickerItem {
  text: string;
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

/** A committee member whose name and affiliation are invented placeholders (the spec shows none). */
export interface SampleCommitteeMember extends CommitteeMember {
  sample: true;
}

/** A committee role (its title from spec part 1 section 2) listing sample members. */
export interface SampleCommitteeRole extends CommitteeRole {
  members: SampleCommitteeMember[];
}

/** A sponsor or organiser logo whose name (alt text) is an invented placeholder. */
export interface SampleLogoCard extends LogoCard {
  sample: true;
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

/** An airport near the venue. */
export interface Airport {
  name: string;
  /** IATA code(s). */
  code: string;
  distanceKm: number;
  note: string;
}

/** A railway station near the venue. */
export interface RailwayStation {
  name: string;
  code: string;
  distanceKm: number;
}

/** A hero slide whose title and subtitle are invented wording (the spec does not show it). */
export interface SampleHeroSlide extends HeroSlide {
  sample: true;
}

/** A ticker item whose text is invented wording (the spec does not show it). */
export interface SampleTickerItem extends TickerItem {
  sample: true;
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
