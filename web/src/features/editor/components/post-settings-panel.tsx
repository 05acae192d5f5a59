import { lazy, Suspense, useMemo, useState } from 'react';
import type { PostSettingField } from '../../../../../contracts/post-settings-rules';
import type { Post, PostCover } from '../../../../../contracts/posts';
import './post-settings-panel.css';

/** What a save sends of the settings: only what the writer changed, and only when it is valid. */
export interface PostSettingsChanges {
  slug?: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  socialImageId?: string | null;
  canonicalUrl?: string | null;
}

export type SettingsField = PostSettingField;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export interface SettingsState {
  texts: Record<SettingsField, string>;
  picture: PostCover | null;
}

function initialState(post: Post | null): SettingsState {
  return {
    texts: {
      slug: post?.slug ?? '',
      metaTitle: post?.metaTitle ?? '',
      metaDescription: post?.metaDescription ?? '',
      canonicalUrl: post?.canonicalUrl ?? '',
    },
    picture: post?.socialImage ?? null,
  };
}

/*
 * The panel's fields and the rules they are read with load when the writer opens it (or points at
 * it, or tabs to it): the writing page's first load carries only the closed disclosure (decision 43).
 */
type FieldsModule = typeof import('./post-settings-fields');
let fieldsModule: FieldsModule | undefined;
let fieldsLoading: Promise<FieldsModule> | undefined;
function loadFields(): Promise<FieldsModule> {
  fieldsLoading ??= import('./post-settings-fields').then(
    (module) => (fieldsModule = module),
    (error: unknown) => {
      // Offline: opening the panel again asks again.
      fieldsLoading = undefined;
      throw error;
    },
  );
  return fieldsLoading;
}
const prefetchFields = () => void loadFields().catch(() => undefined);
const PostSettingsFields = lazy(() =>
  loadFields().then((module) => ({ default: module.PostSettingsFields })),
);

const UNCHANGED = { changes: {}, errors: {} };

/**
 * A post's own settings on the writing pages (decision 79): its address, what search engines and
 * link previews show, and where it was first published. The state lives here; the page sends
 * `changes` with the post (and autosave keeps them with a draft, like the topics and the cover).
 */
export function usePostSettings(post: Post | null, title: string | null = null) {
  const [state, setState] = useState(() => initialState(post));
  const saved = useMemo(() => initialState(post), [post]);
  // Only the fields change the state, so until their module is here nothing differs from the post.
  const { changes, errors }: { changes: PostSettingsChanges; errors: SettingsErrors } = fieldsModule
    ? fieldsModule.readSettingsChanges(state, saved)
    : UNCHANGED;
  const panel = (
    <PostSettingsPanel
      state={state}
      errors={errors}
      title={title ?? post?.title ?? ''}
      onText={(field, value) => setState((now) => ({ ...now, texts: { ...now.texts, [field]: value } }))}
      onPicture={(picture) => setState((now) => ({ ...now, picture }))}
    />
  );
  return { changes, panel };
}

function PostSettingsPanel(props: {
  state: SettingsState;
  errors: SettingsErrors;
  title: string;
  onText: (field: SettingsField, value: string) => void;
  onPicture: (picture: PostCover | null) => void;
}) {
  // Once opened the fields stay mounted, closed or not, so a picture being uploaded carries on.
  const [opened, setOpened] = useState(false);
  return (
    <details
      className="post-settings"
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="post-settings__summary" onPointerEnter={prefetchFields} onFocus={prefetchFields}>
        Post settings
      </summary>
      {opened ? (
        <Suspense
          fallback={
            <p className="post-settings__loading" role="status">
              Loading the post settings…
            </p>
          }
        >
          <PostSettingsFields {...props} />
        </Suspense>
      ) : null}
    </details>
  );
}
