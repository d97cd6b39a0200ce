/**
 * /certificates: a delegate downloads the certificate of attendance with
 * the Registration ID and the registered e-mail (POST /api/certificates/download; the same answer
 * for a wrong e-mail as for an unknown ID, rate-limited on the server). Certificates open on the
 * date in src/content/certificates.ts; the server says so before then.
 */
import { useId, useState } from 'react';
import { certificates } from '../../content/certificates';
import { failureMessage, refusedInput, toApiResult } from '../../lib/api';
import { apiPaths } from '../../shared/api-paths';
import { formatDay } from '../../shared/dates';
import { selfServiceMessages } from '../../shared/messages';
import { saveDocument, type Registrant } from './accounts-api';
import { RegistrantForm } from './RegistrantForm';
import './accounts.css';
import { SelfServiceLayout } from '../../components/SelfServiceLayout';

const failed = 'Failed to download the certificate. Please try again.';

/** The certificates page. */
export default function CertificatesPage() {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);
  const [status, setStatus] = useState('');

  const download = async (who: Registrant) => {
    setBusy(true);
    setError(null);
    setRefused(false);
    setStatus('');
    try {
      const res = await fetch(apiPaths.certificatesDownload, {
        method: 'POST',
        headers: { Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' },
        body: JSON.stringify(who),
      });
      if (!res.ok) {
        const failure = toApiResult<never>(res.status, await res.text());
        setError(failure.ok ? failed : failureMessage(failure, selfServiceMessages.recordNotFound));
        setRefused(refusedInput(failure));
        return;
      }
      if (!(res.headers.get('Content-Type') ?? '').includes('application/pdf')) {
        setError(failed);
        return;
      }
      const fileName = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `certificate-${who.regId}.pdf`;
      saveDocument({ blob: await res.blob(), fileName });
      setStatus(`Downloaded ${fileName}.`);
    } catch {
      setError(failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SelfServiceLayout className="accounts" heading="Certificates of attendance" title="Certificates">
      <section className="card accounts__section" aria-labelledby={`${id}-find`}>
        <h2 id={`${id}-find`}>Download your certificate</h2>
        <p>
          Every registrant checked in at the conference at least once has a certificate of attendance, from{' '}
          {formatDay(certificates.opensAt.slice(0, 10))} at {certificates.opensAt.slice(11, 16)} IST. Enter the Registration ID from your
          confirmation e-mail and the e-mail address you registered with.
        </p>
        <RegistrantForm submitLabel="Download certificate" busy={busy} error={error} refused={refused} onSubmit={download} onInvalid={setError} onEdit={() => setError(null)} />
      </section>
      <p role="status" className="accounts__status">
        {status}
      </p>
    </SelfServiceLayout>
  );
}
