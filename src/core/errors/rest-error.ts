/** The `data` member of a WordPress-style error: `status` plus anything the error carries. */
export type RestErrorData = { status?: number; [key: string]: unknown } | null;

/** One error as WordPress serializes it: `{code, message, data}`. */
export interface RestErrorBody {
  code: string;
  message: string;
  data: RestErrorData;
  additional_errors?: Array<{ code: string; message: string; data: RestErrorData }>;
}

/**
 * A WordPress-style error (`WP_Error`): a code, a message, data with an HTTP status, and
 * optionally further errors. Handlers and storage callbacks return or throw it.
 *
 * It deliberately does not extend `Error`: validation failures are a hot path, and a plain
 * object skips the stack capture that makes 400 answers slow.
 */
export class RestError {
  /** Errors added after the first one; serialized as `additional_errors`. */
  readonly additional: RestError[] = [];

  constructor(
    /** Machine-readable code, e.g. `rest_invalid_param`. */
    readonly code: string,
    /** Human-readable message. */
    readonly message: string,
    /** Extra data; `status` is the HTTP status the error answers with. */
    readonly data: RestErrorData = null,
  ) {}

  /** The HTTP status this error answers with (500 when none is set, as WordPress). */
  get status(): number {
    const s = this.data?.status;
    return typeof s === 'number' && s >= 100 && s <= 599 ? s : 500;
  }

  /** Adds a further error, as `WP_Error::add` does. */
  add(code: string, message: string, data: RestErrorData = null): this {
    this.additional.push(new RestError(code, message, data));
    return this;
  }

  /** All messages, the first error's first: what WordPress joins into `data.params`. */
  messages(): string[] {
    return [this.message, ...this.additional.map((e) => e.message)];
  }

  /** The JSON body WordPress answers with for this error. */
  toJSON(): RestErrorBody {
    const body: RestErrorBody = { code: this.code, message: this.message, data: this.data };
    if (this.additional.length > 0) {
      body.additional_errors = this.additional.map((e) => ({ code: e.code, message: e.message, data: e.data }));
    }
    return body;
  }
}

/** True when `value` is a {@link RestError}. */
export function isRestError(value: unknown): value is RestError {
  return value instanceof RestError;
}

/**
 * The one way errors are made: `restError('rest_post_invalid_id', 'Invalid post ID.', 404)`.
 * `status` null makes an error that carries no status (schema checks, whose caller adds it):
 * its data is `data` alone, or null.
 */
export function restError(code: string, message: string, status: number | null, data?: Record<string, unknown>): RestError {
  if (status === null) return new RestError(code, message, data ?? null);
  return new RestError(code, message, { status, ...data });
}
