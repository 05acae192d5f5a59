/** An error the API answers with its own status and message, as JSON. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** Sent as Retry-After: when the client may usefully try again (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(400, message, errors);
/** A request without a token where one is needed. */
export const AUTHENTICATION_REQUIRED_MESSAGE = 'Authentication required';

export const unauthorized = (message = AUTHENTICATION_REQUIRED_MESSAGE) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
/** A link that was real but no longer works (expired, or its subscription is gone). */
export const gone = (message: string) => new HttpError(410, message);
export const conflict = (message: string, errors?: Record<string, string[]>) =>
  new HttpError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, retryAfterSeconds);
export const serviceUnavailable = (message: string, retryAfterSeconds: number) =>
  new HttpError(503, message, undefined, retryAfterSeconds);
