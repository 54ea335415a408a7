import { pino } from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: "lagoon" },
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
  });
}
