import { useCallback, useState } from 'react';
import {
  domainSchema,
  type DomainState,
  type DomainStatus,
  type PointingRecord,
} from '../../../../../contracts/publications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { CopyField } from '../../../components/ui/copy-field';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { FormError } from '../../../components/ui/form-error';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { useApiResource } from '../../../lib/use-api-resource';
import { useZodForm } from '../../../lib/use-zod-form';
import { SettingsSection } from '../../../components/ui/settings-section';
import { claimDomain, getDomain, removeDomain, verifyDomain } from '../api/publications';

const STATE_LABELS: Record<DomainState, string> = {
  pending: 'Waiting for the DNS record',
  verified: 'Verified: the site answers at this domain',
  failed: 'Not verified',
};

/**
 * The owner's custom domain: claimed here, pointed at this server (a CNAME, or A/AAAA records at
 * an apex) and proven with a TXT record, both created at the owner's DNS provider; "Check now"
 * looks the proof up at once instead of waiting for the next check.
 */
export function DomainSection({ slug }: { slug: string }) {
  const read = useCallback((signal: AbortSignal) => getDomain(slug, signal), [slug]);
  const { resource, reload } = useApiResource(read);
  // What a claim, a check or a removal answered replaces what was read (null: none).
  const [claimed, setClaimed] = useState<DomainStatus | null | undefined>(undefined);
  const none = resource.status === 'ready' && resource.value === null;
  const domain = claimed !== undefined ? claimed : resource.status === 'ready' ? resource.value : null;

  return (
    <SettingsSection
      title="Custom domain"
      lead="Readers can find this publication at a domain of your own, such as blog.example.com. Point the domain at this server, then prove it is yours with a DNS record."
    >
      {domain ? (
        <DomainDetails slug={slug} domain={domain} onChange={setClaimed} />
      ) : claimed === null || none ? (
        <ClaimForm slug={slug} onClaimed={setClaimed} />
      ) : resource.status === 'failed' ? (
        <ErrorRetry message={resource.message} onRetry={() => void reload()} />
      ) : (
        <p className="settings-section__status">Loading the domain…</p>
      )}
    </SettingsSection>
  );
}

function ClaimForm({ slug, onClaimed }: { slug: string; onClaimed: (domain: DomainStatus) => void }) {
  const form = useZodForm({
    schema: domainSchema,
    initialValues: { domain: '' },
    submit: async ({ domain }) => {
      const result = await claimDomain(slug, domain);
      if (!result.ok) return result.error;
      onClaimed(result.data);
      return null;
    },
  });
  return (
    <form className="form publication-form" noValidate onSubmit={form.onSubmit}>
      <TextField
        label="Domain"
        name="domain"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="blog.example.com"
        value={form.values.domain}
        onValueChange={(value) => form.setValue('domain', value)}
        error={form.errors.domain}
      />
      <SubmitButton pending={form.pending} pendingLabel="Claiming…">
        Claim domain
      </SubmitButton>
      <FormError message={form.formError} />
    </form>
  );
}

function DomainDetails({
  slug,
  domain,
  onChange,
}: {
  slug: string;
  domain: DomainStatus;
  onChange: (next: DomainStatus | null) => void;
}) {
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<'asking' | 'pending' | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const check = async () => {
    setChecking(true);
    setError(null);
    const result = await verifyDomain(slug);
    setChecking(false);
    if (result.ok) onChange(result.data);
    else setError(result.error.message);
  };

  const remove = async () => {
    setRemoving('pending');
    setRemoveError(null);
    const result = await removeDomain(slug);
    if (!result.ok) {
      setRemoving('asking');
      setRemoveError(result.error.message);
      return;
    }
    setRemoving(null);
    onChange(null);
  };

  return (
    <div className="domain">
      <p className="domain__name">{domain.domain}</p>
      <p className="domain__state" data-state={domain.state} role="status">
        {STATE_LABELS[domain.state]}
        {domain.checkedAt ? (
          <span className="domain__checked">
            {' '}
            · checked{' '}
            <time dateTime={domain.checkedAt}>
              {new Date(domain.checkedAt).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
            </time>
          </span>
        ) : null}
      </p>
      {domain.failure ? <p className="domain__failure">{domain.failure}</p> : null}
      <h3 className="domain__step">Point it at this server</h3>
      <PointingRecords domain={domain} />
      {domain.state !== 'verified' ? (
        <>
          <h3 className="domain__step">Prove it is yours</h3>
          <p className="domain__help">
            Create this {domain.record.type} record too, then check it here. A new record can take a while to
            be seen everywhere.
          </p>
          <CopyField label="TXT record name" value={domain.record.name} />
          <CopyField label="TXT record value" value={domain.record.value} />
        </>
      ) : null}
      <p className="domain__help domain__https">
        <strong>HTTPS: </strong>
        {domain.url.startsWith('https:')
          ? 'nothing to do. Once the domain points here and is verified, the server obtains a certificate for it by itself on its first visit, and renews it.'
          : 'this server serves its sites over plain HTTP, as its own address does. Its operator turns HTTPS on with a reverse proxy that obtains certificates on demand.'}
      </p>
      <div className="domain__actions">
        <button
          className="button button--secondary"
          type="button"
          disabled={checking}
          aria-busy={checking || undefined}
          onClick={() => void check()}
        >
          {checking ? 'Checking…' : 'Check now'}
        </button>
        <button className="button button--danger" type="button" onClick={() => setRemoving('asking')}>
          Remove domain
        </button>
      </div>
      <FormError message={error} />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${domain.domain}?`}
        confirmLabel="Remove"
        pendingLabel="Removing…"
        pending={removing === 'pending'}
        error={removeError}
        onConfirm={() => void remove()}
        onCancel={() => {
          setRemoveError(null);
          setRemoving(null);
        }}
      >
        <p>The publication is no longer served at this domain; its own address keeps working.</p>
      </ConfirmDialog>
    </div>
  );
}

const ADDRESS_KINDS: Record<PointingRecord['type'], string> = {
  CNAME: 'host name',
  A: 'IPv4 address',
  AAAA: 'IPv6 address',
};

/**
 * The records that bring the domain's readers here. A record whose value the server does not know
 * (its public address, at an apex) is described instead: the address its target host has.
 */
function PointingRecords({ domain }: { domain: DomainStatus }) {
  const { target, records } = domain.pointing;
  const known = records.filter((record) => record.value !== null);
  const unknown = records.filter((record) => record.value === null);
  const unknownTypes = unknown.map((record) => record.type).join(' and ');
  return (
    <>
      <p className="domain__help">
        At your DNS provider, create {records.length === 1 ? 'this record' : 'these records'} for{' '}
        {domain.domain}, so that its readers reach this server.
      </p>
      {known.map((record) => (
        <div className="domain__record" key={record.type}>
          <CopyField label={`${record.type} record name`} value={record.name} />
          <CopyField label={`${record.type} record value`} value={record.value ?? ''} />
        </div>
      ))}
      {unknown.length > 0 ? (
        <div className="domain__record">
          <CopyField label={`${unknownTypes} record name`} value={domain.domain} />
          <p className="domain__help">
            Their values: the {unknown.map((record) => ADDRESS_KINDS[record.type]).join(' and ')} of{' '}
            <strong className="domain__target">{target}</strong> (AAAA only if it has one), which this
            server's operator knows. Or, if your DNS provider offers ALIAS, ANAME or CNAME flattening, point
            the domain at {target} that way.
          </p>
        </div>
      ) : null}
    </>
  );
}
