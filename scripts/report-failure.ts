import { ConfigError } from '../server/config';

type ErrorKind = abstract new (...args: never[]) => Error;

/**
 * How an operator's command reports a failure on stderr. A bad configuration, or an error the
 * command names as the operator's to fix (a wrong path, an unreadable backup), is its message alone:
 * a stack trace would bury the one line that says what to change. Anything else is a defect, and
 * keeps its stack.
 */
export function reportFailure(
  command: string,
  error: unknown,
  operatorErrors: readonly ErrorKind[] = [],
): void {
  const theOperators = [ConfigError, ...operatorErrors].some((kind) => error instanceof kind);
  console.error(theOperators ? `${command}: ${(error as Error).message}` : error);
}
