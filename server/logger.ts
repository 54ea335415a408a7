import { pino } from "pino";
import { currentRequest } from "./request-scope";

export type Logger = pino.Logger;

/** The logger of the server; `destination` (stdout by default) is for tests. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "lagoon" },
    // Every line written while answering a request names it: its id is the error page's reference.
    mixin: () => {
      const id = currentRequest()?.id;
      return id === undefined ? {} : { reqId: id };
    },
    redact: {
      // Tokens and cookies never reach the logs (ARCHITECTURE.md, rule 1).
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.accessToken",
        "*.refreshToken",
        "*.idToken",
      ],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Query parameters that carry a token: the sign-out redirect's `id_token_hint` above all. */
const TOKEN_PARAMETERS = ["id_token_hint", "id_token", "access_token", "refresh_token"];
const TOKEN_IN_QUERY = new RegExp(`([?&](?:${TOKEN_PARAMETERS.join("|")})=)[^&#]*`, "gi");

/** A URL with its token-bearing query values replaced (issue 14, finding 12). */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_QUERY, "$1[redacted]");
}

type SerializedRequest = { url?: string; query?: Record<string, unknown> };
type SerializedResponse = { headers?: Record<string, unknown> };

/**
 * The request log's serializers (request-log.ts), minus tokens in URLs: sign-out redirects to the
 * provider's logout page with the ID token in `Location`, and that page's request (the embedded
 * emulator's, on this very server) has it in its URL.
 */
export const requestLogSerializers = {
  req(req: SerializedRequest) {
    if (typeof req.url === "string") req.url = redactUrl(req.url);
    if (req.query) {
      for (const name of TOKEN_PARAMETERS) if (name in req.query) req.query[name] = "[redacted]";
    }
    return req;
  },
  res(res: SerializedResponse) {
    const location = res.headers?.location;
    if (res.headers && typeof location === "string") {
      res.headers = { ...res.headers, location: redactUrl(location) };
    }
    return res;
  },
};
