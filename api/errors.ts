import type { ErrorCode } from "../contract/errors";

/** The one error type of the API, answered as `{ error, message, data }` by the error handler. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }

  /** The answer's body, over HTTP and in-process alike. */
  get body() {
    return { error: this.code, message: this.message, data: this.data };
  }
}

export const authenticationRequired = () =>
  new ApiError(403, "authentication_required", "Authentication required", { authentication_required: true });
