import { useSelector } from 'react-redux';
import { selectAuth, type AuthState } from './auth-slice';

/** The specification §3 auth state: `status` is the signed-in flag, `userData` who it is. */
export function useSession(): AuthState {
  return useSelector(selectAuth);
}
