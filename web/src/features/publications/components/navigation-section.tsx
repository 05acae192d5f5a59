import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PublicationPage } from '../../../../../contracts/publication-pages';
import {
  FOOTER_MAX,
  NAV_KIND_LABELS,
  NAV_LINK_KINDS,
  NAV_LINKS_MAX,
  siteChromeSchema,
  type NavLinkKind,
  type SiteSettings,
} from '../../../../../contracts/publication-site';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { ResourceView } from '../../../components/ui/resource-view';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/api-client';
import { useApiResource } from '../../../lib/use-api-resource';
import { listPages } from '../api/pages';
import { getSiteSettings, saveSiteChrome } from '../api/site';

interface Row {
  key: number;
  label: string;
  kind: NavLinkKind;
  target: string;
}

const TARGET_LABELS: Record<Exclude<NavLinkKind, 'page'>, { label: string; hint: string }> = {
  topic: { label: 'Topic', hint: 'Its name, like Steam engines: links to its page on the main site.' },
  url: { label: 'Address', hint: 'A full https:// address.' },
  series: { label: 'Series id', hint: 'From the series’ address, /series?id=…' },
};

/**
 * The owner's header links and footer for the publication's site (decision 83). Links are added,
 * removed and reordered with buttons (Move up, Move down) that keep the keyboard's place: after a
 * move, focus stays on the same button of the moved link, and a live line says where it went.
 */
export function NavigationSection({ slug }: { slug: string }) {
  const read = useCallback(
    async (signal: AbortSignal) => {
      const [settings, pages] = await Promise.all([getSiteSettings(slug, signal), listPages(slug, signal)]);
      if (!settings.ok) return settings;
      if (!pages.ok) return pages;
      return { ok: true as const, data: { settings: settings.data, pages: pages.data } };
    },
    [slug],
  );
  const { resource, reload } = useApiResource(read);
  return (
    <SettingsSection
      title="Navigation and footer"
      lead={`Up to ${NAV_LINKS_MAX} links in the site's header, beside Posts and RSS, and a line of text in its footer.`}
    >
      <ResourceView resource={resource} reload={reload} loadingLabel="Loading the site's navigation">
        {({ settings, pages }) => <NavigationForm slug={slug} settings={settings} pages={pages} />}
      </ResourceView>
    </SettingsSection>
  );
}

function NavigationForm({
  slug,
  settings,
  pages,
}: {
  slug: string;
  settings: SiteSettings;
  pages: PublicationPage[];
}) {
  const formId = useId();
  const nextKey = useRef(settings.nav.length);
  const [rows, setRows] = useState<Row[]>(() => settings.nav.map((link, key) => ({ key, ...link })));
  const [footer, setFooter] = useState(settings.footer);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // What to focus (a CSS selector in the form) once the list has been drawn again.
  const [focusAfter, setFocusAfter] = useState<string | null>(null);

  useEffect(() => {
    if (focusAfter === null) return;
    formRef.current?.querySelector<HTMLElement>(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const buttonId = (key: number, which: 'up' | 'down') => `${formId}-${key}-${which}`;
  const byName = (name: string) => `[name="${name}"]`;
  const nameOf = (row: Row, index: number) => row.label.trim() || `link ${index + 1}`;

  const change = (key: number, patch: Partial<Row>) => {
    setSaved(false);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors({});
  };

  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    const row = rows[index];
    if (!row || to < 0 || to >= rows.length) return;
    const next = [...rows];
    next.splice(index, 1);
    next.splice(to, 0, row);
    setRows(next);
    setErrors({});
    setSaved(false);
    setAnnouncement(`${nameOf(row, index)} moved to position ${to + 1} of ${rows.length}.`);
    // At an end, the button pressed is disabled: the other one keeps the keyboard's place.
    const atEnd = (by === -1 && to === 0) || (by === 1 && to === rows.length - 1);
    setFocusAfter(
      `#${CSS.escape(buttonId(row.key, atEnd ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'))}`,
    );
  };

  const remove = (index: number) => {
    const row = rows[index];
    if (!row) return;
    const next = rows.filter((_, at) => at !== index);
    setRows(next);
    setErrors({});
    setSaved(false);
    setAnnouncement(`${nameOf(row, index)} removed.`);
    const neighbour = next[index] ? index : next.length - 1;
    setFocusAfter(neighbour >= 0 ? byName(`nav.${neighbour}.label`) : `#${CSS.escape(`${formId}-add`)}`);
  };

  const add = () => {
    const key = nextKey.current++;
    const firstPage = pages[0]?.slug ?? '';
    setRows([...rows, { key, label: '', kind: pages.length > 0 ? 'page' : 'url', target: firstPage }]);
    setSaved(false);
    setFocusAfter(byName(`nav.${rows.length}.label`));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const input = { nav: rows.map(({ label, kind, target }) => ({ label, kind, target })), footer };
    const checked = siteChromeSchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message;
      show(found);
      return;
    }
    setPending(true);
    void saveSiteChrome(slug, checked.data).then((result) => {
      setPending(false);
      if (result.ok) {
        setErrors({});
        setFormError(null);
        setSaved(true);
        return;
      }
      show(firstOf(result.error.fieldErrors));
      setFormError(result.error.message);
    });
  };

  /** Shows the errors by their fields, and takes the keyboard to the first. */
  const show = (found: Record<string, string>) => {
    setErrors(found);
    setSaved(false);
    const first = Object.keys(found)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(byName(first))?.focus();
  };

  return (
    <form ref={formRef} className="form site-nav-form" noValidate onSubmit={onSubmit}>
      {saved ? <Notice>Navigation and footer saved.</Notice> : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {rows.length === 0 ? (
        <p className="site-nav-form__empty">No links of your own: the header shows About.</p>
      ) : null}
      <ol className="site-nav-form__links">
        {rows.map((row, index) => {
          const name = nameOf(row, index);
          const targetError = errors[`nav.${index}.target`];
          return (
            <li key={row.key} className="site-nav-form__link">
              <fieldset>
                <legend>Link {index + 1}</legend>
                <TextField
                  label="Label"
                  name={`nav.${index}.label`}
                  value={row.label}
                  error={errors[`nav.${index}.label`] ?? errors[`nav.${index}`]}
                  maxLength={40}
                  onValueChange={(label) => change(row.key, { label })}
                />
                <FieldFrame label="Links to" error={errors[`nav.${index}.kind`]}>
                  {(control) => (
                    <select
                      {...control}
                      className="field__input"
                      value={row.kind}
                      onChange={(event) => {
                        const kind = event.target.value as NavLinkKind;
                        change(row.key, { kind, target: kind === 'page' ? (pages[0]?.slug ?? '') : '' });
                      }}
                    >
                      {NAV_LINK_KINDS.map((kind) => (
                        <option key={kind} value={kind}>
                          {NAV_KIND_LABELS[kind]}
                        </option>
                      ))}
                    </select>
                  )}
                </FieldFrame>
                {row.kind === 'page' ? (
                  <FieldFrame
                    label="Page"
                    hint={pages.length === 0 ? 'Write a page first, in Pages above.' : undefined}
                    error={targetError}
                  >
                    {(control) => (
                      <select
                        {...control}
                        name={`nav.${index}.target`}
                        className="field__input"
                        value={row.target}
                        onChange={(event) => change(row.key, { target: event.target.value })}
                      >
                        {pages.length === 0 ? <option value="">No pages yet</option> : null}
                        {pages.map((page) => (
                          <option key={page.id} value={page.slug}>
                            {page.title}
                            {page.status === 'draft' ? ' (draft: shown once published)' : ''}
                          </option>
                        ))}
                      </select>
                    )}
                  </FieldFrame>
                ) : (
                  <TextField
                    label={TARGET_LABELS[row.kind].label}
                    hint={TARGET_LABELS[row.kind].hint}
                    name={`nav.${index}.target`}
                    value={row.target}
                    error={targetError}
                    onValueChange={(target) => change(row.key, { target })}
                  />
                )}
                <div className="site-nav-form__moves">
                  <button
                    id={buttonId(row.key, 'up')}
                    className="button button--secondary"
                    type="button"
                    disabled={index === 0}
                    aria-label={`Move up: ${name}`}
                    onClick={() => move(index, -1)}
                  >
                    Move up
                  </button>
                  <button
                    id={buttonId(row.key, 'down')}
                    className="button button--secondary"
                    type="button"
                    disabled={index === rows.length - 1}
                    aria-label={`Move down: ${name}`}
                    onClick={() => move(index, 1)}
                  >
                    Move down
                  </button>
                  <button
                    className="button button--secondary"
                    type="button"
                    aria-label={`Remove: ${name}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {errors.nav ? <p className="field__error">{errors.nav}</p> : null}
      <p>
        <button
          id={`${formId}-add`}
          className="button button--secondary"
          type="button"
          disabled={rows.length >= NAV_LINKS_MAX}
          onClick={add}
        >
          Add a link
        </button>
      </p>
      <div>
        <TextAreaField
          label="Footer"
          name="footer"
          hint={`Up to ${FOOTER_MAX} characters. **bold**, *italic* and [a link](https://…) work.`}
          value={footer}
          rows={2}
          error={errors.footer}
          onValueChange={(value) => {
            setFooter(value);
            setSaved(false);
            setErrors(({ footer: _fixed, ...rest }) => rest);
          }}
        />
      </div>
      <button
        className="button button--primary"
        type="submit"
        disabled={pending}
        aria-busy={pending || undefined}
      >
        {pending ? 'Saving…' : 'Save navigation and footer'}
      </button>
      <FormError message={formError} />
    </form>
  );
}

function firstOf(errors: FieldErrors): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) if (messages[0]) found[field] = messages[0];
  return found;
}
