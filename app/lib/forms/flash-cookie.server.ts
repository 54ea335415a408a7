import { createCookie } from "react-router";
import type { z } from "zod";
import type { Config } from "../config";

// A one-time message after a form the browser posted itself (no JavaScript): the action redirects
// back with it in a short-lived cookie, and the next page shows it once.

export interface FlashCookie<T> {
  serialize(value: T, config: Pick<Config, "env">): Promise<string>;
  /**
   * The request's value, and the Set-Cookie header that clears it. The cookie comes from the
   * browser, so it is checked: a malformed or tampered one is cleared and shows nothing.
   */
  take(
    request: Request,
    config: Pick<Config, "env">,
  ): Promise<{ value: T | null; setCookie?: string }>;
}

export function createFlashCookie<T>(name: string, schema: z.ZodType<T>): FlashCookie<T> {
  const cookie = createCookie(name, { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60 });
  const secure = (config: Pick<Config, "env">) => config.env === "production";
  return {
    serialize: (value, config) => cookie.serialize(value, { secure: secure(config) }),
    async take(request, config) {
      const value = (await cookie.parse(request.headers.get("Cookie"))) as unknown;
      if (value === null) return { value: null };
      const parsed = schema.safeParse(value);
      return {
        value: parsed.success ? parsed.data : null,
        setCookie: await cookie.serialize("", {
          maxAge: 0,
          expires: new Date(0),
          secure: secure(config),
        }),
      };
    },
  };
}
