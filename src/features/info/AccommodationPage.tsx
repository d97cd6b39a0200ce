/**
 * The Accommodation Details page at /travel/accommodation (docs/rules.md#the-information-pages): on-campus
 * accommodation for students, the extended hotel list (spreadsheet), a transport note, and the
 * hotels of Dharwad (9) and Hubballi (10) with map link, phone or 'N/A', distance and rating;
 * a booking link only where the hotel has one.
 */
import { accommodation, dharwadHotels, hubballiHotels } from '../../content/hotels';
import type { Hotel } from '../../content/types';
import { SampleBadge } from '../../components/SampleBadge';
import { ActionRow, ExternalLink, InfoPage, InfoSection, Paragraphs } from './parts';

const distance = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const rating = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** One hotel: name, phone (a tel: link, or the text N/A), distance, rating, map and booking links. */
function HotelCard({ hotel }: { hotel: Hotel }) {
  const digits = hotel.phone.replace(/[^\d+]/g, '');
  // The facts give Indian numbers without the country code; a tel: link needs it to work from abroad.
  const phoneDigits = /^\d{10}$/.test(digits) ? `+91${digits}` : digits;
  return (
    <li className="card ip-hotel">
      <h3 className="ip-hotel__name">{hotel.name}</h3>
      <dl className="ip-hotel__facts">
        <div>
          <dt>Phone</dt>
          <dd>{hotel.phone === 'N/A' ? 'N/A' : <a href={`tel:${phoneDigits}`}>{hotel.phone}</a>}</dd>
        </div>
        <div>
          <dt>Distance</dt>
          <dd>{distance.format(hotel.distanceKm)} km</dd>
        </div>
        <div>
          <dt>Rating</dt>
          <dd>
            <span aria-hidden="true">★ </span>
            {rating.format(hotel.rating)}
            <span className="visually-hidden"> out of 5</span>
            <span aria-hidden="true"> / 5</span>
          </dd>
        </div>
      </dl>
      <p className="ip-hotel__links">
        <ExternalLink href={hotel.mapLink}>
          View on map<span className="visually-hidden">: {hotel.name}</span>
        </ExternalLink>
        {hotel.bookingLink ? (
          <span>
            <ExternalLink href={hotel.bookingLink.url} className="ip-hotel__book">
              Book online<span className="visually-hidden">: {hotel.name}</span>
            </ExternalLink>
            {hotel.bookingLink.sample ? <SampleBadge /> : null}
          </span>
        ) : null}
      </p>
    </li>
  );
}

/** A titled list of hotels in one city. */
function HotelList({ id, city, hotels }: { id: string; city: string; hotels: readonly Hotel[] }) {
  return (
    <section className="ip-section ip-hotels" aria-labelledby={id}>
      <h2 id={id}>
        Hotels in {city} <span className="ip-count">({hotels.length})</span>
      </h2>
      <ul className="ip-hotels__list card-grid">
        {hotels.map((hotel) => (
          <HotelCard key={hotel.name} hotel={hotel} />
        ))}
      </ul>
    </section>
  );
}

/** Notes, the spreadsheet and both hotel lists, from src/content/hotels.ts. */
export default function AccommodationPage() {
  return (
    <InfoPage title="Accommodation Details">
      <InfoSection id="acc-campus" title="On-Campus Accommodation for Students">
        <Paragraphs items={accommodation.onCampus} />
        <ActionRow
          href={accommodation.requestForm.url}
          label="Request accommodation"
          sample={accommodation.requestForm.sample}
          file={{ href: accommodation.extendedListXlsx, format: 'Excel spreadsheet', label: 'Download the extended hotel list' }}
        />
      </InfoSection>

      <InfoSection id="acc-transport" title="Transport">
        <Paragraphs items={accommodation.transport} />
        <p className="ip-note">Distances are approximate, in kilometres; ratings are out of 5.</p>
      </InfoSection>

      <HotelList id="acc-dharwad" city="Dharwad" hotels={dharwadHotels} />
      <HotelList id="acc-hubballi" city="Hubballi" hotels={hubballiHotels} />
    </InfoPage>
  );
}
