/**
 * One application error type with `kind:subject` codes (e.g. `not_found:fact`).
 * Calculation rejections (PERIOD_MISMATCH, …) are domain results, not AppErrors.
 */
export type ErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'request_timeout'
  | 'payload_too_large'
  | 'rate_limited'
  | 'unsupported'
  | 'not_implemented'
  | 'config'
  | 'unavailable'
  | 'internal';

export type ErrorCode = `${ErrorKind}:${string}`;

const httpStatus: Record<ErrorKind, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  rate_limited: 429,
  unsupported: 415,
  not_implemented: 501,
  config: 500,
  unavailable: 503,
  internal: 500,
};

/** Kinds whose message is safe to show to the caller; the rest are logged and replaced. */
const visible = new Set<ErrorKind>([
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'request_timeout',
  'payload_too_large',
  'rate_limited',
  'unsupported',
  'not_implemented',
  'config',
  'unavailable',
]);

export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly subject: string;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, { cause: options?.cause });
    const [kind, ...rest] = code.split(':');
    this.kind = kind as ErrorKind;
    this.subject = rest.join(':');
    this.details = options?.details;
  }

  get code(): ErrorCode {
    return `${this.kind}:${this.subject}`;
  }

  get status(): number {
    return httpStatus[this.kind];
  }

  /** JSON body for an HTTP response; hides messages of internal errors. */
  toResponseBody(): { code: string; message: string; details?: Record<string, unknown> } {
    if (!visible.has(this.kind)) return { code: this.code, message: 'Something went wrong.' };
    return { code: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
