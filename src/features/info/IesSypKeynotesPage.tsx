/**
 * The IES SYP Keynotes page at /program/ies-syp-keynotes (spec part 1 section 2): 1 card, the
 * keynote of the Industrial Electronics Society's student and young professional session.
 */
import { iesSypKeynotes } from '../../content/speakers';
import { InfoPage, SpeakerList } from './parts';

/** A card per SYP keynote speaker: photo, name, title and biography. */
export default function IesSypKeynotesPage() {
  return (
    <InfoPage title="IES SYP Keynotes">
      <SpeakerList speakers={iesSypKeynotes} label="IES SYP keynote speakers" />
    </InfoPage>
  );
}
