/** The Keynote Speakers page at /program/keynote-speakers (docs/rules.md#the-information-pages): 4 cards. */
import { keynoteSpeakers } from '../../content/speakers';
import { InfoPage, SpeakerList } from './parts';

/** A card per keynote speaker: photo, name, title and biography. */
export default function KeynoteSpeakersPage() {
  return (
    <InfoPage title="Keynote Speakers">
      <SpeakerList speakers={keynoteSpeakers} label="Keynote speakers" />
    </InfoPage>
  );
}
