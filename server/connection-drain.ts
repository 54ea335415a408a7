import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** Closing a server without cutting off an answer on its way (see `drainConnections`). */
export interface ConnectionDrain {
  /**
   * Stops taking connections; closes each connection once no answer is on its way on it; calls
   * `onClosed` when the last one has closed.
   */
  close(onClosed: () => void): void;
}

/**
 * Lets `server` be closed, as a deploy stops an instance, with every answer delivered whole.
 *
 * Node's `server.close()` and `closeIdleConnections()` destroy each connection they count as
 * idle, and they count an answer as done once `end()` was called, while its bytes may still be
 * queued on the socket (Node 24; a large page to a proxy that reads it slowly): the page was cut
 * off mid-body, which a shopper sees as a broken page in the middle of a deploy. So `close` waits
 * for a moment when no answer is still being written out before `server.close()`, and from then
 * on closes each connection itself, when its last answer has gone to the operating system.
 * Must be made before the server takes connections: it follows them from the first.
 */
export function drainConnections(server: Server): ConnectionDrain {
  // The answers not yet sent, on each open connection.
  const unsent = new Map<Socket, Set<ServerResponse>>();
  let closing = false;

  server.on("connection", (socket: Socket) => {
    // Taken while an answer was still being written out and the server not yet closed.
    if (closing) {
      socket.destroy();
      return;
    }
    unsent.set(socket, new Set());
    socket.once("close", () => unsent.delete(socket));
  });
  server.on("request", (req, res: ServerResponse) => {
    const socket = req.socket;
    const answers = unsent.get(socket);
    if (!answers) return;
    answers.add(res);
    // "close" follows "finish", which comes once the last bytes are the operating system's.
    res.once("close", () => {
      answers.delete(res);
      if (closing && answers.size === 0) socket.destroy();
    });
  });

  /** An answer whose end() was called and whose bytes are still queued on its socket. */
  const beingWritten = (): ServerResponse | undefined => {
    for (const answers of unsent.values()) {
      for (const res of answers) if (res.writableEnded && !res.writableFinished) return res;
    }
    return undefined;
  };

  return {
    close(onClosed) {
      closing = true;
      const closeWhenWritten = () => {
        const writing = beingWritten();
        if (writing) {
          writing.once("close", closeWhenWritten);
          return;
        }
        // Stops listening and destroys the connections with no answer under way; those with
        // one close as it is sent (above).
        server.close(() => onClosed());
      };
      closeWhenWritten();
    },
  };
}
