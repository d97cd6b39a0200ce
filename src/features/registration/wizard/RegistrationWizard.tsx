/**
 * The registration wizard page at /authors/registration/details (docs/rules.md#the-registration-wizard).
 * Loads pricing ('Loading pricing...' / 'Failed to load pricing') and, when the query has
 * foreign=allowed and an admin token is stored, verifies the token ('Checking access
 * permissions...'); then renders the form. Today decides which tiers are on offer, and outside
 * online registration the page says why, in the words of the edition's phase (before it opens,
 * after the Standard deadline, during and after the conference: docs/decisions/031-edition-phases.md),
 * with the contact address and no way into a payment; admin mode keeps the form (desk registration). A delegate chooses the Indian or
 * the international route, preselected from a saved form, `?route=` or the edge's
 * country hint; with international registration on the external site, that route links there.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { conference } from '../../../content/conference';
import { getJson } from '../../../lib/api';
import { adminVerifyPath, identityOf, readAdminToken, removeAdminToken } from '../../../lib/admin-token';
import { mayCall } from '../../../shared/admin-roles';
import { apiPaths } from '../../../shared/api-paths';
import { registrationClosedMessage } from '../../../shared/messages';
import { registrationPhase, type Pricing, type Tier } from '../../../shared/pricing';
import { internationalInWizard, type RegistrationRoute } from '../../../shared/regions';
import { registrationFees } from '../../../content/registration';
import { safeLocalStorage } from '../../../lib/admin-token';
import { restoreRegistration } from '../../../lib/persisted-form';
import { hintedRoute } from '../../../lib/visitor-region';
import { initialRoute, isPricing, offeredTiers } from './model';
import { WizardForm } from './WizardForm';
import './wizard.css';

type PricingState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pricing: Pricing; loadedAt: Date };
type Access = 'checking' | 'admin' | 'normal';

/** The page: status lines while loading, then the wizard. */
export default function RegistrationWizard() {
  const [params] = useSearchParams();
  const [pricingState, setPricingState] = useState<PricingState>({ status: 'loading' });
  // Both the query flag and a stored token are needed before the token is even checked (docs/rules.md#the-admin-area),
  // A token whose roles the server's admin mode does not take (decision 044: create-order's entry in
  // the role table) is not even checked; the server decides for any other.
  const [access, setAccess] = useState<Access>(() => {
    const token = params.get('foreign') === 'allowed' ? readAdminToken() : null;
    if (!token) return 'normal';
    const identity = identityOf(token);
    return !identity || mayCall(identity.roles, 'payment-create-order') ? 'checking' : 'normal';
  });
  // Chosen by the delegate; until then the saved form, ?route= or the edge hint decides (initialRoute).
  const [chosenRoute, setChosenRoute] = useState<RegistrationRoute | null>(null);
  // Read once pricing is here, in the browser: the prerendered shell never depends on the hint.
  const openingRoute = useMemo(
    () => (pricingState.status === 'ready' ? initialRoute(restoreRegistration(safeLocalStorage()), pricingState.pricing, params.get('route'), hintedRoute()) : 'indian'),
    [pricingState, params],
  );

  useEffect(() => {
    let active = true;
    void getJson<unknown>(apiPaths.pricing).then((result) => {
      if (!active) return;
      if (result.ok && isPricing(result.data)) setPricingState({ status: 'ready', pricing: result.data, loadedAt: new Date() });
      else setPricingState({ status: 'failed' });
    });
    return () => {
      active = false;
    };
  }, []);

  useEffect(() => {
    if (access !== 'checking') return;
    const token = readAdminToken();
    let active = true;
    void getJson<unknown>(adminVerifyPath, { headers: { Authorization: `Bearer ${token ?? ''}` } }).then((result) => {
      if (!active) return;
      if (result.ok) {
        setAccess('admin');
      } else {
        // A rejected or unverifiable token is dropped (docs/rules.md#the-registration-wizard: admin session).
        removeAdminToken();
        setAccess('normal');
      }
    });
    return () => {
      active = false;
    };
  }, [access]);

  let body;
  if (pricingState.status === 'failed') {
    body = (
      <p className="notice notice--error" role="alert">
        Failed to load pricing
      </p>
    );
  } else if (pricingState.status === 'loading' || access === 'checking') {
    body = (
      <div className="wizard__loading" role="status">
        {pricingState.status === 'loading' && <p>Loading pricing...</p>}
        {access === 'checking' && <p>Checking access permissions...</p>}
      </div>
    );
  } else {
    const admin = access === 'admin';
    const phase = registrationPhase(pricingState.loadedAt, pricingState.pricing);
    if (!admin && phase !== 'registration-open') {
      body = (
        <div className="notice" role="status" data-testid="registration-closed">
          <p>{registrationClosedMessage(phase)}</p>
          <p>
            Contact: <a href={`mailto:${conference.contactEmail}`}>{conference.contactEmail}</a>
          </p>
        </div>
      );
      return page(access, body);
    }
    const route = chosenRoute ?? openingRoute;
    const tiers: Tier[] = offeredTiers(pricingState.pricing, pricingState.loadedAt, admin, route);
    const external = !admin && route === 'international' && !internationalInWizard();
    body = (
      <>
        {!admin && <RouteChoice route={route} onChange={setChosenRoute} />}
        {external ? (
          <p className="notice" data-testid="international-external">
            International delegates register on the international event-registration site:{' '}
            <a href={registrationFees.internationalRegistration.url} target="_blank" rel="noopener noreferrer">
              international registration<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
            .
          </p>
        ) : (
          // A new route starts a new form instance: its tiers, countries and saved state differ.
          <WizardForm key={route} pricing={pricingState.pricing} admin={admin} route={route} tiers={tiers} />
        )}
      </>
    );
  }

  return page(access, body);
}

/**
 * Indian or international delegate: which fees and countries the wizard offers. The
 * server checks the choice against the delegate's country, so this only saves a wrong turn.
 */
function RouteChoice({ route, onChange }: { route: RegistrationRoute; onChange: (r: RegistrationRoute) => void }) {
  const options: [RegistrationRoute, string][] = [
    ['indian', 'From India (fees in INR)'],
    ['international', 'From outside India (fees in USD)'],
  ];
  return (
    <fieldset className="choice-group route-choice">
      <legend>Where are you registering from?</legend>
      {options.map(([value, label]) => (
        <div className="check" key={value}>
          <input type="radio" id={`route-${value}`} name="registration-route" value={value} checked={route === value} onChange={() => onChange(value)} />
          <label htmlFor={`route-${value}`}>{label}</label>
        </div>
      ))}
    </fieldset>
  );
}

function page(access: Access, body: ReactNode) {
  return (
    <div className="registration-page">
      <title>{`Register | ${conference.name}`}</title>
      <h1>Conference Registration</h1>
      {/* In the DOM before its text, so the switch to admin mode is announced. */}
      <div role="status">{access === 'admin' && <p className="notice">Admin mode: all countries and the Foreign (USD) tiers are available.</p>}</div>
      {body}
    </div>
  );
}
