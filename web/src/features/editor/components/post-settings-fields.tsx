import type { ReactNode } from 'react';
import {
  CANONICAL_URL_MAX,
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  POST_SLUG_MAX,
  readPostSetting,
  slugFromTitle,
} from '../../../../../contracts/post-settings-rules';
import type { PostCover } from '../../../../../contracts/posts';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { PictureField } from './picture-field';
import type {
  PostSettingsChanges,
  SettingsErrors,
  SettingsField,
  SettingsState,
} from './post-settings-panel';
import './post-settings-fields.css';

/*
 * The fields of "Post settings" (decision 79) and the routes' rules they are read with: their own
 * chunk, fetched when the writer opens the panel (or points at it), never with the writing page.
 * The settings change only through these fields, so whenever one differs from the saved post this
 * module is here to read it.
 */

const TEXT_FIELDS: SettingsField[] = ['slug', 'metaTitle', 'metaDescription', 'canonicalUrl'];

/** What a save sends of the settings: only what the writer changed, and only when it is valid. */
export function readSettingsChanges(
  state: SettingsState,
  saved: SettingsState,
): { changes: PostSettingsChanges; errors: SettingsErrors } {
  const errors: SettingsErrors = {};
  const changes: PostSettingsChanges = {};
  for (const field of TEXT_FIELDS) {
    const value = state.texts[field];
    if (value === saved.texts[field]) continue;
    // An emptied address asks for none of the writer's: the server keeps or makes the title's.
    if (field === 'slug' && value.trim() === '') continue;
    // The routes' own rules and messages, so the panel never sends what they refuse.
    const read = readPostSetting(field, value);
    if ('error' in read) errors[field] = read.error;
    else Object.assign(changes, { [field]: read.value });
  }
  if ((state.picture?.id ?? null) !== (saved.picture?.id ?? null))
    changes.socialImageId = state.picture?.id ?? null;
  return { changes, errors };
}

export function PostSettingsFields({
  state,
  errors,
  title,
  onText,
  onPicture,
}: {
  state: SettingsState;
  errors: SettingsErrors;
  /** The post's title as it is now, whose address an empty Address field stands for. */
  title: string;
  onText: (field: SettingsField, value: string) => void;
  onPicture: (picture: PostCover | null) => void;
}) {
  const { texts } = state;
  const titleSlug = slugFromTitle(title);
  const shownSlug = texts.slug.trim() || titleSlug || 'its-title';
  return (
    <div className="post-settings__body">
      <TextField
        label="Address"
        name="slug"
        value={texts.slug}
        onValueChange={(value) => onText('slug', value)}
        hint={`On your blog: /posts/${shownSlug}. Empty: made from the title when published. An old address keeps leading here.`}
        placeholder={titleSlug ?? ''}
        maxLength={POST_SLUG_MAX + 10}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.slug}
      />
      <TextField
        label="Search title"
        name="metaTitle"
        value={texts.metaTitle}
        onValueChange={(value) => onText('metaTitle', value)}
        hint={`For search engines and link previews; empty: the title. ${texts.metaTitle.length}/${META_TITLE_MAX}`}
        error={errors.metaTitle}
      />
      <TextAreaField
        label="Search description"
        name="metaDescription"
        rows={2}
        value={texts.metaDescription}
        onValueChange={(value) => onText('metaDescription', value)}
        hint={`Empty: the post’s opening lines. ${texts.metaDescription.length}/${META_DESCRIPTION_MAX}`}
        error={errors.metaDescription}
      />
      <SocialPictureField value={state.picture} onChange={onPicture} />
      <TextField
        label="Canonical address"
        name="canonicalUrl"
        inputMode="url"
        value={texts.canonicalUrl}
        onValueChange={(value) => onText('canonicalUrl', value)}
        hint="First published elsewhere? Its address there (https://…), which search engines then credit."
        maxLength={CANONICAL_URL_MAX + 10}
        autoCapitalize="none"
        spellCheck={false}
        error={errors.canonicalUrl}
      />
    </div>
  );
}

/** The link previews' picture, uploaded like the cover (POST /api/media) and apart from it. */
function SocialPictureField({
  value,
  onChange,
}: {
  value: PostCover | null;
  onChange: (picture: PostCover | null) => void;
}): ReactNode {
  return (
    <PictureField
      value={value}
      onChange={onChange}
      label="Social picture"
      hint="Shown in link previews instead of the cover (1200 × 630 suits most)."
      actions={{
        add: 'Add a social picture',
        replace: 'Replace social picture',
        remove: 'Remove social picture',
      }}
      previewSizes="16rem"
      classes={{
        label: 'post-settings__label',
        preview: 'post-settings__picture',
        actions: 'post-settings__actions',
      }}
      testId="social-picture-input"
    />
  );
}
