import { useEffect, useId, useState } from 'react';
import type { CommentSettings } from '../../../../../contracts/author-moderation';
import { AppLink } from '../../../components/ui/app-link';
import { FormError } from '../../../components/ui/form-error';
import { SettingsSection } from '../../../components/ui/settings-section';
import { HELD_COMMENTS_PATH } from '../../../lib/paths';
import { getCommentSettings, saveCommentSettings } from '../../comments';

/**
 * The writer's defaults for the comments under their posts (decision 0077): each box saves as it is
 * ticked, and the queue of held comments is one link away.
 */
export function CommentSettingsSection() {
  const holdId = useId();
  const closeId = useId();
  const [settings, setSettings] = useState<CommentSettings | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    void getCommentSettings(controller.signal).then((result) => {
      if (result.ok) setSettings(result.data.response);
      else if (!controller.signal.aborted) setError(result.error.message);
    });
    return () => controller.abort();
  }, []);

  const change = async (next: Partial<CommentSettings>) => {
    if (settings === null) return;
    const before = settings;
    // The box shows its new state at once; a failure puts it back and says why.
    setSettings({ ...settings, ...next });
    setSaving(true);
    setError(null);
    setSaved('');
    const result = await saveCommentSettings(next);
    setSaving(false);
    if (!result.ok) {
      setSettings(before);
      setError(result.error.message);
      return;
    }
    setSettings(result.data.response);
    setSaved('Comment settings saved');
  };

  return (
    <SettingsSection
      title="Comments"
      lead="How readers comment on your posts. Each post can also be closed on its own."
    >
      <div className="field">
        <label className="choice" htmlFor={holdId}>
          <input
            id={holdId}
            type="checkbox"
            checked={settings?.holdFirstComments ?? false}
            disabled={settings === null || saving}
            onChange={(event) => void change({ holdFirstComments: event.target.checked })}
          />
          <span>Hold first-time commenters’ comments for approval</span>
        </label>
      </div>
      <div className="field">
        <label className="choice" htmlFor={closeId}>
          <input
            id={closeId}
            type="checkbox"
            checked={settings?.closeCommentsOnNewPosts ?? false}
            disabled={settings === null || saving}
            onChange={(event) => void change({ closeCommentsOnNewPosts: event.target.checked })}
          />
          <span>Close comments on new posts</span>
        </label>
      </div>
      <p>
        <AppLink to={HELD_COMMENTS_PATH}>Comments awaiting approval</AppLink>
      </p>
      <p className="visually-hidden" role="status">
        {saved}
      </p>
      <FormError message={error} />
    </SettingsSection>
  );
}
