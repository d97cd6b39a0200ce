/**
 * The IES SYP Keynotes page at /program/ies-syp-keynotes (docs/rules.md#the-information-pages): 1 card, the
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
