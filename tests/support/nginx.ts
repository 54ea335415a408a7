import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { until } from "./until";

const DEFAULT_PATH = "/usr/sbin/nginx";

/**
 * Finds nginx for the rolling-deploy test. As for Chromium (scripts/chromium.mjs), on Debian as
 * root Debian's `nginx-light` package is installed when nginx is missing (the package's own
 * service is never started here: the test runs nginx with a configuration of its own).
 */
export function ensureNginx(): string {
  const configured = process.env.NGINX_PATH;
  if (configured) {
    if (existsSync(configured)) return configured;
    throw new Error(`NGINX_PATH is set to ${configured}, but nothing is there.`);
  }
  if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;

  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.warn("nginx is missing: installing Debian's nginx-light package…");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "nginx-light"], { stdio: "inherit", env });
    if (existsSync(DEFAULT_PATH)) return DEFAULT_PATH;
  }
  throw new Error(
    "No nginx found for the rolling-deploy test. Install nginx and set NGINX_PATH to its executable.",
  );
}

export interface Nginx {
  origin: string;
  /** Rewrites the upstream list and reloads; resolves once no worker of the old configuration is left. */
  route(ports: number[]): Promise<void>;
  /** What nginx wrote to its error log. */
  errors(): string;
  stop(): Promise<void>;
}

/**
 * nginx on `port` (loopback), as a reverse proxy in front of the shops on `ports`: round robin,
 * the client's Host, X-Forwarded-For and X-Forwarded-Proto passed on. Everything it writes stays
 * in `dir`.
 */
export async function startNginx(
  executable: string,
  { port, ports, dir }: { port: number; ports: number[]; dir: string },
): Promise<Nginx> {
  mkdirSync(path.join(dir, "temp"), { recursive: true });
  const configFile = path.join(dir, "nginx.conf");
  const errorLog = path.join(dir, "error.log");
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const write = (upstreams: number[]) =>
    writeFileSync(
      configFile,
      `${isRoot ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${path.join(dir, "nginx.pid")};
error_log ${errorLog} warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/temp/body;
  proxy_temp_path ${dir}/temp/proxy;
  fastcgi_temp_path ${dir}/temp/fastcgi;
  uwsgi_temp_path ${dir}/temp/uwsgi;
  scgi_temp_path ${dir}/temp/scgi;
  upstream lagoon {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lagoon;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
    );
  write(ports);
  const master: ChildProcess = spawn(executable, ["-p", dir, "-c", configFile, "-e", errorLog], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const errors = () => (existsSync(errorLog) ? readFileSync(errorLog, "utf8") : "");
  await until(async () => (await fetch(`${origin}/healthz`)).ok, 20_000, {
    onMiss: () => {
      if (master.exitCode !== null) throw new Error(`nginx stopped:\n${errors()}`);
    },
  });

  const workers = () => {
    const pid = master.pid as number;
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean);
  };
  return {
    origin,
    async route(upstreams) {
      write(upstreams);
      const old = new Set(workers());
      master.kill("SIGHUP");
      // The old workers finish what they were answering, then exit; new ones take new requests.
      await until(async () => {
        const current = workers();
        return current.length > 0 && current.every((worker) => !old.has(worker));
      }, 30_000);
    },
    errors,
    async stop() {
      if (master.exitCode !== null) return;
      const exited = new Promise((resolve) => master.once("exit", resolve));
      master.kill("SIGQUIT");
      await exited;
    },
  };
}
