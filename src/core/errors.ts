// The typed errors domain code throws; http/error-handler.ts is the one place that maps them to
// responses (and src/cli.ts the one place that turns them into exit codes).
import type { MessageKey } from '../i18n/messages.js';

/** One failed rule on one field; formatted in the request's locale by the error handler. */
export interface FieldIssue {
  /** Dotted path as on the wire, e.g. `name.it`, `events.3.type`. */
  field: string;
  rule: MessageKey;
  params?: Record<string, string | number>;
}

export abstract class AppError extends Error {
  abstract readonly statusCode: number;
}

export class NotFoundError extends AppError {
  readonly statusCode = 404;
  constructor() {
    super('Resource not found.');
  }
}

export class UnauthenticatedError extends AppError {
  readonly statusCode = 401;
  constructor() {
    super('Unauthenticated.');
  }
}

export class ForbiddenError extends AppError {
  readonly statusCode = 403;
  constructor() {
    super('Invalid ability provided.');
  }
}

export class ValidationError extends AppError {
  readonly statusCode = 422;
  constructor(readonly issues: FieldIssue[]) {
    super('The given data was invalid.');
  }
}

/** A request that is well-formed but refused for a business reason (e.g. deleting a section in use). */
export class ConflictError extends AppError {
  readonly statusCode = 422;
  constructor(
    readonly messageKey: MessageKey,
    readonly field?: string,
    /** Values the message names (`:max`). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(messageKey);
  }
}

/** A request body that cannot be read as the endpoint expects (400). */
export class BadRequestError extends AppError {
  readonly statusCode = 400;
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

/** A write whose precondition failed (412): `If-Match` names a version the resource no longer has. */
export class PreconditionFailedError extends AppError {
  readonly statusCode = 412;
  readonly messageKey: MessageKey = 'precondition_failed';
}

/** The first request with the same Idempotency-Key is still being answered (409). */
export class InProgressError extends AppError {
  readonly statusCode = 409;
  readonly messageKey: MessageKey = 'idempotency_in_progress';
}

/** A body of a media type the endpoint does not take (415), e.g. JSON sent to an image upload. */
export class UnsupportedMediaTypeError extends AppError {
  readonly statusCode = 415;
  constructor(readonly messageKey: MessageKey) {
    super(messageKey);
  }
}

export class MethodNotAllowedError extends AppError {
  readonly statusCode = 405;
  constructor(readonly allow: string[]) {
    super('Method not allowed.');
  }
}

export class TooManyRequestsError extends AppError {
  readonly statusCode = 429;
  constructor(readonly retryAfterSeconds: number) {
    super('Too many requests.');
  }
}

/** A resource the request needs is down (database, queue full): 503 + Retry-After, never a 500. */
export class UnavailableError extends AppError {
  readonly statusCode = 503;
  constructor(readonly retryAfterSeconds = 5) {
    super('Service unavailable.');
  }
}

/**
 * The address names no restaurant that is being served (unknown, suspended, or a public path of a
 * restaurant whose menu is switched off): the branded HTML 404 on every path, never JSON.
 */
export class UnknownRestaurantError extends AppError {
  readonly statusCode = 404;
  constructor() {
    super('Unknown restaurant.');
  }
}

/**
 * The restaurant exists but the service's operator suspended it: its API answers 403 with the
 * reason, every other path a neutral page (diners are not told why).
 */
export class SuspendedRestaurantError extends AppError {
  readonly statusCode = 403;
  constructor(readonly reason: string) {
    super('Restaurant suspended.');
  }
}

/**
 * Input refused by a rule outside HTTP validation (command line, seeds): its message is for the
 * person who typed it. The CLI prints it and exits 1.
 */
export class InputError extends Error {}
