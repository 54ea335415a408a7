import { readFileSync } from "node:fs";
import { createServer } from "node:http";

/**
 * The bench's ceiling: a plain node:http server answering each path with bytes held in memory
 * (the very bytes Lagoon sent for it, with the same Content-Type and Content-Encoding).
 * Usage: node bench/plain-server.mjs <port> <pages.json>, pages.json = { path: { file, headers } }.
 */
const [port, pagesFile] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(readFileSync(pagesFile, "utf8"))).map(([path, page]) => {
    const body = readFileSync(page.file);
    return [path, { body, headers: { ...page.headers, "content-length": body.length } }];
  }),
);
createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, page.headers).end(page.body);
}).listen(Number(port), "127.0.0.1");
