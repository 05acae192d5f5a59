import { useState, type FormEvent } from 'react';
import { MAX_ELSEWHERE_LINKS, type ProfileLinks } from '../../../../../contracts/profile';
import { FormError } from '../../../components/ui/form-error';
import { Notice } from '../../../components/ui/notice';
import { SettingsSection } from '../../../components/ui/settings-section';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { saveProfileLinks } from '../api/profile';

const SLOTS = Array.from({ length: MAX_ELSEWHERE_LINKS }, (_, index) => index);

/**
 * The website and up to five profiles elsewhere (decision 0068). Empty boxes are left out; the
 * server's errors name a link by its place among those sent, so they are mapped back to their box.
 */
export function ProfileLinksForm({ initial }: { initial: ProfileLinks }) {
  const [website, setWebsite] = useState(initial.website?.url ?? '');
  const [elsewhere, setElsewhere] = useState(() => SLOTS.map((index) => initial.elsewhere[index]?.url ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setSaved(false);
    const filled = SLOTS.filter((index) => (elsewhere[index] ?? '').trim() !== '');
    const result = await saveProfileLinks({
      website: website.trim(),
      elsewhere: filled.map((index) => (elsewhere[index] ?? '').trim()),
    });
    setPending(false);
    if (result.ok) {
      setErrors({});
      setFormError(null);
      setSaved(true);
      return;
    }
    const next: Record<string, string> = {};
    for (const [field, messages] of Object.entries(result.error.fieldErrors)) {
      const place = /^elsewhere\.(\d+)$/.exec(field)?.[1];
      const slot = place === undefined ? undefined : filled[Number(place)];
      const key = field === 'website' ? 'website' : slot === undefined ? 'form' : `elsewhere.${slot}`;
      if (messages[0]) next[key] = messages[0];
    }
    setErrors(next);
    setFormError(Object.keys(next).length === 0 || next.form ? (next.form ?? result.error.message) : null);
  };

  return (
    <SettingsSection
      title="Links"
      lead="Your website and up to five profiles elsewhere (Mastodon, Bluesky, GitHub, LinkedIn…), shown on your profile. A Mastodon profile that links back here shows the link as verified."
    >
      {saved ? <Notice>Your links are saved.</Notice> : null}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label="Website"
          name="website"
          inputMode="url"
          autoComplete="url"
          hint="A full address starting with https://"
          value={website}
          onValueChange={setWebsite}
          error={errors.website}
        />
        {SLOTS.map((index) => (
          <TextField
            key={index}
            label={`Profile elsewhere ${index + 1}`}
            name={`elsewhere-${index}`}
            inputMode="url"
            autoComplete="off"
            value={elsewhere[index] ?? ''}
            onValueChange={(value) =>
              setElsewhere((links) => links.map((link, slot) => (slot === index ? value : link)))
            }
            error={errors[`elsewhere.${index}`]}
          />
        ))}
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save links
        </SubmitButton>
      </form>
      <FormError message={formError} />
    </SettingsSection>
  );
}
