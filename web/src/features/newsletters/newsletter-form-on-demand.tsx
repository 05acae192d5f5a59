import { onDemand } from '../../lib/on-demand';
// In the first load of the pages that show the form: the server's HTML shows it before its code.
import './components/newsletter-form.css';

/**
 * The subscribe form under a post, its own chunk in the browser: it sits below the post, where
 * React takes it over only as the reader comes near (HydrateWhenNear). Until then it is the
 * server's plain form, which works without script.
 */
const newsletterForm = onDemand(async () => (await import('./components/newsletter-form')).NewsletterForm);

export const NewsletterSignup = newsletterForm.Component;
export const prepareNewsletterSignup = newsletterForm.prepare;

if (import.meta.env.SSR) await prepareNewsletterSignup();
