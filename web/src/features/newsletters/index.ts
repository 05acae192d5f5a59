// The newsletters feature's public entry: what other features use of it, and nothing else. Other
// features import from here only (eslint.config.js forbids reaching inside).
export { NewsletterSignup, prepareNewsletterSignup } from './newsletter-form-on-demand';
export { NewsletterForm, type NewsletterFormProps } from './components/newsletter-form';
export {
  getNewsletterSettings,
  saveNewsletterSettings,
  type NewsletterSettings,
  type SettingsFormInput,
} from './api/newsletter-settings';
export { EmailPreviewActions } from './components/email-preview-actions';
