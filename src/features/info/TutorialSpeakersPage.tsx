/**
 * The Tutorial Speakers page at /program/tutorial-speakers (docs/rules.md#the-information-pages): 11 cards;
 * speakers without a portrait get a placeholder with their initials.
 */
import { tutorialSpeakers } from '../../content/speakers';
import { InfoPage, SpeakerList } from './parts';

/** A card per tutorial speaker: photo (or initials), name, title and biography. */
export default function TutorialSpeakersPage() {
  return (
    <InfoPage title="Tutorial Speakers">
      <SpeakerList speakers={tutorialSpeakers} label="Tutorial speakers" />
    </InfoPage>
  );
}
