/** The Contacts page at /contact (docs/rules.md#the-information-pages): one contact e-mail address for queries. */
import { identity } from '../../content/identity';
import { InfoPage } from './parts';

/** The contact e-mail address as a mailto link. */
export default function ContactPage() {
  return (
    <InfoPage title="Contacts">
      <section className="card ip-section ip-contact" aria-labelledby="contact-email">
        <h2 id="contact-email">E-mail</h2>
        <p>For any queries about {identity.name}, papers, registration or travel, write to:</p>
        <p className="ip-contact__email">
          <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
        </p>
      </section>
    </InfoPage>
  );
}
