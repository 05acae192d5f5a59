import { useCallback, useId, useState, type FormEvent } from 'react';
import { HOME_LAYOUTS, type HomeLayout, type SiteSettings } from '../../../../../contracts/publication-site';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ResourceView } from '../../../components/ui/resource-view';
import { uploadMedia } from '../../../lib/upload-media';
import { useApiResource } from '../../../lib/use-api-resource';
import { getSiteSettings, saveSiteLook } from '../api/site';

const LAYOUTS: Record<HomeLayout, { name: string; detail: string }> = {
  list: { name: 'List', detail: 'Newest first: titles, bylines and summaries.' },
  grid: { name: 'Grid with covers', detail: 'Cards with each post’s cover, two across on wide screens.' },
  magazine: { name: 'Magazine', detail: 'The newest post large, then the others as cards.' },
};

/**
 * The site's look (decision 83): a cover picture across the top of its home, uploaded like the
 * logo (POST /api/media) and saved at once, and the home page's layout.
 */
export function LookSection({ slug }: { slug: string }) {
  const read = useCallback((signal: AbortSignal) => getSiteSettings(slug, signal), [slug]);
  const { resource, reload, update } = useApiResource(read);
  return (
    <SettingsSection
      title="Look of the site"
      lead="A cover picture on the site's home, and how its posts are laid out."
    >
      <ResourceView resource={resource} reload={reload} loadingLabel="Loading the site's look">
        {(settings) => <LookForm slug={slug} settings={settings} onSaved={(next) => update(() => next)} />}
      </ResourceView>
    </SettingsSection>
  );
}

function LookForm({
  slug,
  settings,
  onSaved,
}: {
  slug: string;
  settings: SiteSettings;
  onSaved: (next: SiteSettings) => void;
}) {
  const inputId = useId();
  const [layout, setLayout] = useState<HomeLayout>(settings.layout);
  const [pending, setPending] = useState<'cover' | 'layout' | null>(null);
  const [coverError, setCoverError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const saveCover = async (coverId: string | null) => {
    const result = await saveSiteLook(slug, { layout: settings.layout, coverId });
    if (!result.ok) {
      setCoverError(result.error.fieldErrors.coverId?.[0] ?? result.error.message);
      return;
    }
    setCoverError(null);
    setSaved(coverId ? 'Cover saved.' : 'Cover removed.');
    onSaved(result.data);
  };

  const upload = async (file: File) => {
    setPending('cover');
    const uploaded = await uploadMedia(file);
    if (uploaded.ok) await saveCover(uploaded.media.id);
    else setCoverError(uploaded.message);
    setPending(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending('layout');
    void saveSiteLook(slug, { layout, coverId: settings.cover?.id ?? null }).then((result) => {
      setPending(null);
      if (!result.ok) {
        setFormError(result.error.fieldErrors.layout?.[0] ?? result.error.message);
        return;
      }
      setFormError(null);
      setSaved('Layout saved.');
      onSaved(result.data);
    });
  };

  return (
    <div className="site-look">
      {saved ? <Notice>{saved}</Notice> : null}
      <div className="site-look__cover">
        {settings.cover ? (
          <img
            className="site-look__picture"
            src={settings.cover.url}
            srcSet={settings.cover.srcset}
            sizes="(min-width: 40rem) 36rem, 100vw"
            width={settings.cover.width}
            height={settings.cover.height}
            alt="The site's cover"
          />
        ) : null}
        <div className="publication-logo__actions">
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            disabled={pending !== null}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <label
            className="button button--secondary"
            htmlFor={inputId}
            aria-busy={pending === 'cover' || undefined}
          >
            {pending === 'cover' ? 'Uploading…' : settings.cover ? 'Change cover' : 'Upload a cover'}
          </label>
          {settings.cover ? (
            <button
              className="button button--secondary"
              type="button"
              disabled={pending !== null}
              onClick={() => void saveCover(null)}
            >
              Remove cover
            </button>
          ) : null}
        </div>
        {coverError ? (
          <p className="field__error" role="alert">
            {coverError}
          </p>
        ) : null}
      </div>
      <form className="form" noValidate onSubmit={onSubmit}>
        <fieldset className="choice-group">
          <legend className="choice-group__legend">Home page layout</legend>
          {HOME_LAYOUTS.map((choice) => (
            <label className="choice" key={choice}>
              <input
                type="radio"
                name="layout"
                value={choice}
                checked={layout === choice}
                onChange={() => {
                  setLayout(choice);
                  setSaved(null);
                }}
              />
              <span>
                <strong>{LAYOUTS[choice].name}</strong>
                <span className="choice__detail">{LAYOUTS[choice].detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button
          className="button button--primary"
          type="submit"
          disabled={pending !== null}
          aria-busy={pending === 'layout' || undefined}
        >
          {pending === 'layout' ? 'Saving…' : 'Save layout'}
        </button>
        <FormError message={formError} />
      </form>
    </div>
  );
}
