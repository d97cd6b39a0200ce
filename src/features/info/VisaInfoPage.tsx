/**
 * The Visa Information page at /travel/visa-info (docs/rules.md#the-information-pages): an FAQ on eligibility and
 * duration, and the online request of an invitation letter (/registration/visa-letter).
 */
import { Link } from 'react-router-dom';
import { identity } from '../../content/identity';
import { visaFaq } from '../../content/travel';
import { paths } from '../../shared/routes';
import { InfoPage, Paragraphs } from './parts';

/** The visa FAQ as expandable questions (<details>/<summary>), from src/content/travel.ts. */
export default function VisaInfoPage() {
  return (
    <InfoPage
      title="Visa Information"
      lead={`International participants of ${identity.name} should read these answers before planning their travel to India.`}
    >
      <section className="card ip-section" aria-labelledby="visa-faq">
        <h2 id="visa-faq">Frequently Asked Questions</h2>
        <div className="ip-faq">
          {visaFaq.map((entry, index) => (
            <details key={entry.question} open={index === 0}>
              <summary>{entry.question}</summary>
              <div className="ip-faq__answer">
                <Paragraphs items={entry.answer} />
              </div>
            </details>
          ))}
        </div>
        <p>
          Registered and paid? <Link to={paths.visaLetter}>Request your visa invitation letter online</Link>.
        </p>
        <p>
          Other questions: <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
        </p>
      </section>
    </InfoPage>
  );
}
