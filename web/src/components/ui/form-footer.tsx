import { AppLink } from './app-link';

export interface FormFooterProps {
  text: string;
  linkText: string;
  to: string;
}

/** Specification §2: the line under an auth form, a sentence and a link. */
export function FormFooter({ text, linkText, to }: FormFooterProps) {
  return (
    <p className="form-footer">
      {text} <AppLink to={to}>{linkText}</AppLink>
    </p>
  );
}
