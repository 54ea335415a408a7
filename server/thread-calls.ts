import type { MessagePort } from "node:worker_threads";

// Calls between threads over a MessagePort: one side answers (`answerCalls`), the other calls
// (`callsTo`). Arguments and results cross by structured clone, so only plain data goes: what the
// storefront emulator's thread asks of the main thread (its carts, the signed-in customer).

// biome-ignore lint/suspicious/noExplicitAny: a method's own signature types each call.
type Method = (...args: any[]) => Promise<unknown>;
type Methods = { [name: string]: Method };

interface Call {
  id: number;
  method: string;
  args: unknown[];
}

type Answer = { id: number; value: unknown } | { id: number; error: string };

/** Answers the calls that arrive on `port` with `methods`; a rejection travels as its message. */
export function answerCalls(port: MessagePort, methods: Methods): void {
  port.on("message", async ({ id, method, args }: Call) => {
    let answer: Answer;
    try {
      const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!run) throw new Error(`No such call: ${method}`);
      answer = { id, value: await run(...args) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(answer);
  });
}

/**
 * `names` of the methods `answerCalls` serves on the other end of `port`, as async functions.
 * Once the port closes, every call still waiting, and every later one, rejects.
 */
export function callsTo<T extends { [Name in keyof T]: Method }>(
  port: MessagePort,
  names: readonly (keyof T)[],
): T {
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 0;
  let closed = false;
  port.on("message", (answer: Answer) => {
    const call = waiting.get(answer.id);
    if (!call) return;
    waiting.delete(answer.id);
    if ("error" in answer) call.reject(new Error(answer.error));
    else call.resolve(answer.value);
  });
  port.on("close", () => {
    closed = true;
    for (const call of waiting.values()) call.reject(new Error("The other thread has gone"));
    waiting.clear();
  });
  const methods: Methods = {};
  for (const name of names) {
    const method = String(name);
    methods[method] = (...args) =>
      new Promise((resolve, reject) => {
        if (closed) {
          reject(new Error("The other thread has gone"));
          return;
        }
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        port.postMessage({ id, method, args } satisfies Call);
      });
  }
  return methods as T;
}
