import { z } from 'zod';

/**
 * Ids. Every id the server makes is a uuid (`gen_random_uuid()`, `randomUUID()`), so a string that is not
 * one names nothing: the server answers it as not found without asking the database (which would refuse
 * it as malformed). One schema for route params, bodies and socket payloads alike.
 */

/** A uuid (RFC 9562, any case, as zod's `z.uuid()`); `message` is what a refusal says. */
export const uuidSchema = (message?: string) =>
  z.uuid(message === undefined ? undefined : { error: message });

const anyUuid = uuidSchema();

/** Whether a value is a uuid, i.e. could be the id of something stored. */
export const isUuid = (value: unknown): value is string => anyUuid.safeParse(value).success;
