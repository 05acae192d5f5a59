import type { Viewer } from '../accounts/authenticator';
import type { PublicationRow } from '../publications/publications-repository';
import { newsletterEmail, type EmailContext, type PostEmailBody } from './newsletter-message';
import type { DefaultDelivery } from '../../../contracts/newsletters';
import type { NewsletterSettings, PostForEmail } from './newsletter-sends-repository';
import type { ListSettings, NewsletterSettingsRepository } from './newsletter-settings-repository';
import type { NewsletterTransport } from './newsletter-transport';

/** A post as the writer has it in the editor, before it is published. */
export interface DraftEmailInput {
  title: string;
  content: string;
}

export interface NewsletterSettingsDeps {
  settings: NewsletterSettingsRepository;
  /** The list, when the viewer is its owner or an editor (else 403, 404 for none). */
  lists: {
    manageable(viewer: Viewer, ref: string): Promise<PublicationRow>;
    /** The list, when the viewer may publish in it (any member; a writer owns their blog). */
    writable(viewer: Viewer, ref: string): Promise<PublicationRow>;
  };
  users: { findById(id: string): Promise<{ email: string; username: string } | undefined> };
  render: (post: PostForEmail) => PostEmailBody;
  transport: NewsletterTransport;
  context: EmailContext;
}

/** A token that unsubscribes nobody: the test email's footer shows where the real link goes. */
const SAMPLE_TOKEN = 'example';

/**
 * A list's newsletter settings (name, sender name, Reply-To, footer), and the email of a post as
 * its subscribers would get it: as HTML to preview, or sent to the writer's own address.
 */
export class NewsletterSettingsService {
  constructor(private readonly deps: NewsletterSettingsDeps) {}

  async get(viewer: Viewer, ref: string): Promise<ListSettings> {
    const list = await this.deps.lists.manageable(viewer, ref);
    return this.deps.settings.find(list.id);
  }

  /** A save without `defaultDelivery` keeps the list's (a client that does not know it loses nothing). */
  async save(
    viewer: Viewer,
    ref: string,
    settings: NewsletterSettings & { defaultDelivery?: DefaultDelivery | undefined },
  ): Promise<ListSettings> {
    const list = await this.deps.lists.manageable(viewer, ref);
    const defaultDelivery =
      settings.defaultDelivery ?? (await this.deps.settings.find(list.id)).defaultDelivery;
    await this.deps.settings.save(list.id, { ...settings, defaultDelivery }, new Date().toISOString());
    return this.deps.settings.find(list.id);
  }

  /**
   * Where the writing page's choice starts: any member who may publish in the list reads it (the
   * other settings stay its owner's and editors').
   */
  async defaultDelivery(viewer: Viewer, ref: string): Promise<{ defaultDelivery: DefaultDelivery }> {
    const list = await this.deps.lists.writable(viewer, ref);
    return { defaultDelivery: (await this.deps.settings.find(list.id)).defaultDelivery };
  }

  /** The email a subscriber would receive, to show before publishing. */
  async preview(viewer: Viewer, ref: string, draft: DraftEmailInput) {
    const email = await this.email(viewer, ref, draft, 'subscriber@example.com');
    return { subject: email.subject, html: email.html, text: email.text };
  }

  /** "Send a test email to me": to the signed-in writer's own address, at once. */
  async sendTest(viewer: Viewer, ref: string, draft: DraftEmailInput): Promise<{ to: string }> {
    const user = await this.deps.users.findById(viewer.id);
    if (!user) throw new Error('the signed-in account is gone');
    const email = await this.email(viewer, ref, draft, user.email);
    await this.deps.transport.send({ ...email, subject: `[Test] ${email.subject}` });
    return { to: user.email };
  }

  private async email(viewer: Viewer, ref: string, draft: DraftEmailInput, to: string) {
    const list = await this.deps.lists.manageable(viewer, ref);
    const author = await this.deps.users.findById(viewer.id);
    const body = this.deps.render({
      postId: '00000000-0000-0000-0000-000000000000',
      listId: list.id,
      title: draft.title.trim(),
      content: draft.content,
      updatedAt: '',
      authorName: author?.username ?? '',
      listName: list.name,
      settings: await this.deps.settings.find(list.id),
    });
    return newsletterEmail(body, to, SAMPLE_TOKEN, this.deps.context);
  }
}
