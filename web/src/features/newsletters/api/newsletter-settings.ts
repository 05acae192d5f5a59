import type { DefaultDelivery } from '../../../../../contracts/newsletters';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** A list's newsletter settings as the API answers them (null: the default). Decision 61. */
export interface NewsletterSettings {
  newsletterName: string | null;
  senderName: string | null;
  replyTo: string | null;
  footer: string | null;
  defaultDelivery: DefaultDelivery;
}

/** A post's email before publishing: what the subscribers would get. */
export interface EmailPreview {
  subject: string;
  html: string;
  text: string;
}

/** The title and Markdown the writing page holds, saved or not (the routes take the draft itself). */
export interface EmailDraft {
  title: string;
  content: string;
}

/** The settings form's fields, every one as text (empty: the default). */
export interface SettingsFormInput {
  newsletterName: string;
  senderName: string;
  replyTo: string;
  footer: string;
  defaultDelivery: DefaultDelivery;
}

const listPath = (list: string) => `/api/newsletters/lists/${encodeURIComponent(list)}`;

async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** GET …/settings (bearer; the list's owner and editors). */
export function getNewsletterSettings(list: string, signal?: AbortSignal) {
  return unwrap(
    apiRequest<{ response: NewsletterSettings }>(`${listPath(list)}/settings`, { auth: true, signal }),
  );
}

/** PUT …/settings (bearer): empty text is sent as is, and stored as the default. */
export function saveNewsletterSettings(list: string, input: SettingsFormInput) {
  return unwrap(
    apiRequest<{ response: NewsletterSettings }>(`${listPath(list)}/settings`, {
      method: 'PUT',
      body: input,
      auth: true,
    }),
  );
}

/** POST …/preview {title, content} (bearer) → the email's subject, HTML and text. */
export function previewNewsletterEmail(list: string, draft: EmailDraft) {
  return unwrap(
    apiRequest<{ response: EmailPreview }>(`${listPath(list)}/preview`, {
      method: 'POST',
      body: draft,
      auth: true,
    }),
  );
}

/** POST …/test-email {title, content} (bearer) → the writer's own address it was sent to. */
export function sendTestEmail(list: string, draft: EmailDraft) {
  return unwrap(
    apiRequest<{ response: { to: string } }>(`${listPath(list)}/test-email`, {
      method: 'POST',
      body: draft,
      auth: true,
    }),
  );
}
