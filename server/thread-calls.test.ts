import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { answerCalls, callsTo } from "./thread-calls";

interface Shelf {
  take(item: string, count: number): Promise<{ item: string; left: number }>;
  fail(): Promise<never>;
  hang(): Promise<never>;
}

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

function connected(names: readonly (keyof Shelf | "missing")[]) {
  const channel = new MessageChannel();
  channels.push(channel);
  answerCalls(channel.port1, {
    take: async (item: string, count: number) => ({ item, left: 10 - count }),
    fail: async () => {
      throw new Error("Out of stock");
    },
    hang: () => new Promise(() => {}),
  });
  return { calls: callsTo<Shelf & { missing(): Promise<never> }>(channel.port2, names), channel };
}

describe("calls between threads", () => {
  it("carries the arguments there and the answer back, as plain data", async () => {
    const { calls } = connected(["take"]);
    const answers = await Promise.all([calls.take("salt", 3), calls.take("chlorine", 4)]);
    expect(answers).toEqual([
      { item: "salt", left: 7 },
      { item: "chlorine", left: 6 },
    ]);
  });

  it("rejects with the other side's message when its method throws, or there is none", async () => {
    const { calls } = connected(["fail", "missing"]);
    await expect(calls.fail()).rejects.toThrow("Out of stock");
    await expect(calls.missing()).rejects.toThrow("No such call: missing");
  });

  it("rejects the calls still waiting, and every later one, once the port closes", async () => {
    const { calls, channel } = connected(["hang", "take"]);
    const waiting = calls.hang();
    channel.port2.close();
    await expect(waiting).rejects.toThrow("The other thread has gone");
    await expect(calls.take("salt", 1)).rejects.toThrow("The other thread has gone");
  });
});
