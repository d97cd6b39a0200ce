/** The Contacts page at /contact (spec part 1 section 2): one contact e-mail address for queries. */
import { conference } from '../../content/conference';
import { InfoPage } from './parts';

/** The contact e-mail address as a mailto link. */
export default function ContactPage() {
  return (
    <InfoPage title="Contacts">
      <section className="card ip-section ip-contact" aria-labelledby="contact-email">
        <h2 id="contact-email">E-mail</h2>
        <p>For any queries about {conference.name}, papers, registration or travel, write to:</p>
        <p className="ip-contact__email">
          <a href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</a>
        </p>
      </section>
    </InfoPage>
  );
}
