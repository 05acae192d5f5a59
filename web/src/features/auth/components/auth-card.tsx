import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  lead?: string;
  children: ReactNode;
}

/** The narrow centred column every account form sits in. */
export function AuthCard({ title, lead, children }: AuthCardProps) {
  return (
    <div className="auth-card">
      <h1 className="auth-card__title">{title}</h1>
      {lead ? <p className="auth-card__lead">{lead}</p> : null}
      {children}
    </div>
  );
}
