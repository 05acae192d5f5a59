/** The JSON body of every non-2xx answer from the API. */
export interface ApiErrorBody {
  message: string;
  /** Field name → messages, for input that failed validation. */
  errors?: Record<string, string[]>;
}
