/**
 * The home page's static sections, each reading its own content: Important Information, the image
 * and video block, and the Sponsors and Organisers logo grids. They hold nothing that moves or
 * ticks, so the home page renders them as islands that hydrate on the visitor's first interaction
 * (src/lib/hydrate-on-interaction.tsx), and this module is a chunk of its own.
 */
import { homeMedia, importantInformation } from '../../content/home-sections';
import { organisers, sponsors } from '../../content/sponsors';
import { ImportantInformation } from './ImportantInformation';
import { LogoGrid } from '../../components/LogoGrid';
import { MediaBlock } from './MediaBlock';

/** Important Information (docs/rules.md#the-information-pages). */
export function ImportantInformationSection() {
  return <ImportantInformation info={importantInformation} />;
}

/** The image and video block (docs/rules.md#the-information-pages). */
export function MediaSection() {
  return <MediaBlock media={homeMedia} />;
}

/** The sponsors' logos (docs/rules.md#the-information-pages). */
export function SponsorsSection() {
  return <LogoGrid heading="Sponsors" id="sponsors-heading" logos={sponsors} variant="sponsors" />;
}

/** The organisers' logos (docs/rules.md#the-information-pages). */
export function OrganisersSection() {
  return <LogoGrid heading="Organisers" id="organisers-heading" logos={organisers} variant="organisers" />;
}
