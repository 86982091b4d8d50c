import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ChatAckError, ClientToServerEvents } from '@facet/domain/chat';
import { AppError, validationError } from '../../platform/errors';
import { assertSafeInput } from '../../platform/input-guard';
import type { ChatSocket, Reply } from './realtime-types';

/** Our own refusals as the client should see them: the message, the code and any refused fields. */
const refusal = (error: AppError): ChatAckError => ({
  error: error.message,
  code: error.code,
  ...(error.fields ? { fields: error.fields } : {}),
});

/** Listens to one client event of a socket: `on(event, schema, run)`. */
export type GuardedOn = <S extends z.ZodType>(
  event: keyof ClientToServerEvents,
  schema: S,
  run: (payload: z.output<S>, reply: Reply) => Promise<void> | void,
) => void;

/**
 * Every client event goes through here, as an HTTP request goes through the input guard and the
 * error handler: the payload is refused when nested too deeply or holding a NUL character (the same
 * codes and messages as HTTP), then its shape is checked; a refusal is acknowledged with its code.
 * Anything unexpected is logged with a request id made for this event, which the acknowledgement
 * carries so a user's report can be matched to the log.
 */
export function guardedEvents(socket: ChatSocket, log: FastifyBaseLogger): GuardedOn {
  const user = socket.data.user;
  return (event, schema, run) => {
    (socket.on as (event: string, listener: (...args: unknown[]) => void) => void)(
      event,
      async (...args: unknown[]) => {
        const reqId = randomUUID();
        const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as Reply) : null;
        const reply: Reply = ack ?? (() => {});
        try {
          const raw = args[0];
          assertSafeInput(raw);
          const parsed = schema.safeParse(raw ?? {});
          if (!parsed.success) throw validationError(parsed.error.issues);
          await run(parsed.data, reply);
        } catch (error) {
          if (error instanceof AppError && error.status < 500) return reply(refusal(error));
          log.error(
            { err: error, reqId, event, socketId: socket.id, userId: user.id },
            'chat: socket event failed',
          );
          reply({
            error: `Something went wrong. Please try again. (reference ${reqId})`,
            code: 'internal_error',
            requestId: reqId,
          } satisfies ChatAckError);
        }
      },
    );
  };
}
