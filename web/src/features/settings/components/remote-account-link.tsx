import type { RemoteActorSummary } from '../../../../../contracts/social-web';

/** The name an account goes by: its name on its server, else its handle, else its address. */
export const nameOf = (account: RemoteActorSummary) =>
  account.name?.trim() || account.handle || account.actor;

/** Its name, linked to its profile on its server when it has one (decision 0090). */
export function RemoteAccountLink({ account }: { account: RemoteActorSummary }) {
  return account.profileUrl ? (
    <a href={account.profileUrl} rel="nofollow noopener ugc">
      {nameOf(account)}
    </a>
  ) : (
    <>{nameOf(account)}</>
  );
}
