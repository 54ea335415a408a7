import type { AppStores } from "../context.server";
import { internalOrigin } from "../context.server";
import { startOutboxWorker } from "./outbox-worker.server";
import { createMailTransport } from "./transport.server";

/**
 * The server starts this once per process (decision 003: through the build's entry): the outbox
 * worker, delivering by SMTP or to the mail emulator. Several processes may each run one; their
 * claims keep them from sending the same message.
 */
export function startMailDelivery(stores: AppStores): { stop(): Promise<void> } {
  const { config, logger, database } = stores;
  return startOutboxWorker({
    db: database.db,
    transport: createMailTransport(config, internalOrigin(config)),
    from: config.mail.from,
    logger,
  });
}
