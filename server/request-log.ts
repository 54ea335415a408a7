import type { Request, RequestHandler } from "express";
import { pino } from "pino";
import { type Logger, requestLogSerializers } from "./logger";
import { requestFault } from "./request-gate";
import { scopeOf } from "./request-scope";

/**
 * One line per request once it is answered, as pino-http wrote them: `req`, `res` and
 * `responseTime`, at `info`, or at `error` for a 5xx with the fault that caused it (`err`), so
 * that the reference on an error page (`reqId`) leads to one line that says what went wrong. The
 * client's address as TRUST_PROXY reads it is `clientIp`. The line is built only when its level
 * is enabled. pino-http made a child logger for every request, serialising its headers into it,
 * whether a line would be written or not: at `warn` that was 2 % of an uncached page's time spent
 * on nothing (decision 009). Tokens stay out as before (`requestLogSerializers`, the redactions).
 */
export function requestLog(
  logger: Logger,
  {
    ignore = () => false,
    quiet = () => false,
  }: {
    /** Requests logged only when they fail (the content emulator's images). */
    ignore?: (req: Request) => boolean;
    /** Requests logged at `debug` unless they fail: the app's own calls to its emulators. */
    quiet?: (req: Request) => boolean;
  } = {},
): RequestHandler {
  return (req, res, next) => {
    const ignored = ignore(req);
    const started = performance.now();
    res.once("close", () => {
      const failed = res.statusCode >= 500;
      if (ignored && !failed) return;
      const level = failed ? "error" : quiet(req) ? "debug" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const fault = requestFault(res);
      logger[level](
        {
          reqId: scopeOf(req)?.id,
          req: requestLogSerializers.req(pino.stdSerializers.req(req)),
          res: requestLogSerializers.res(pino.stdSerializers.res(res)),
          clientIp: req.ip,
          responseTime: Math.round(performance.now() - started),
          ...(fault === undefined ? {} : { err: fault }),
        },
        failed ? "request errored" : res.writableFinished ? "request completed" : "request aborted",
      );
    });
    next();
  };
}
