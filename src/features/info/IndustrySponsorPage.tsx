/**
 * The Industry Sponsor page at /industry-sponsor (docs/rules.md#the-information-pages): the 17 sponsor logos
 * with their relative widths, sponsorship packages, the brochure image, its PDF and the interest form.
 */
import { externalLinks } from '../../content/links';
import { sponsors } from '../../content/sponsors';
import { sponsorship } from '../../content/sponsorship';
import { SampleBadge } from '../../components/SampleBadge';
import { LogoGrid } from '../../components/LogoGrid';
import { ActionRow, FileLink, InfoPage, InfoSection, Paragraphs, TextList } from './parts';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** Sponsors, packages and the brochure, from src/content/sponsors.ts and src/content/sponsorship.ts. */
export default function IndustrySponsorPage() {
  return (
    <InfoPage title="Industry Sponsor">
      <InfoSection id="sponsor-why" title="Sponsor the Conference">
        <Paragraphs items={sponsorship.intro} />
        <ActionRow href={externalLinks.sponsorshipInterestForm} label="Express sponsorship interest" />
      </InfoSection>

      <div className="card ip-section">
        <LogoGrid heading="Our Sponsors" id="sponsor-logos" logos={sponsors} eagerFirst />
      </div>

      <InfoSection id="sponsor-packages" title="Sponsorship Packages">
        {sponsorship.sample ? (
          <p className="ip-note">
            Packages and amounts below are placeholders until the committee publishes them.
            <SampleBadge />
          </p>
        ) : null}
        <ul className="ip-packages card-grid">
          {sponsorship.packages.map((pkg) => (
            <li key={pkg.name} className="ip-package">
              <h3>{pkg.name}</h3>
              <p className="ip-package__amount">{inr.format(pkg.amountINR)}</p>
              <TextList items={pkg.benefits} />
            </li>
          ))}
        </ul>
      </InfoSection>

      <InfoSection id="sponsor-brochure" title="Sponsorship Brochure">
        <figure className="ip-poster ip-poster--inline">
          <img
            src={sponsorship.brochureImage}
            alt="Sponsorship brochure: packages and benefits for sponsors"
            width={800}
            height={1100}
            loading="lazy"
            decoding="async"
          />
        </figure>
        <p>
          <FileLink href={sponsorship.brochurePdf} format="PDF" className="button button--secondary">
            Download the sponsorship brochure
          </FileLink>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
