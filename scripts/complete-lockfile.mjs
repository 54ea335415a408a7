import { readFileSync, writeFileSync } from "node:fs";

/**
 * The npm registry reachable from these machines serves Linux x64 builds only, so `npm install`
 * leaves the other platforms' optional binaries (esbuild, Biome, Tailwind's oxide, rolldown…) out
 * of package-lock.json, and `npm ci` then refuses the lock as "out of sync". This adds each
 * missing optional package back as a platform-only entry (os/cpu read from its name), which
 * `npm ci` skips on a machine of another platform. Run it after every `npm install`.
 */
const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "win32",
  "openharmony",
  "sunos",
  "aix",
  "netbsd",
  "openbsd",
];
const CPU = ["arm64", "x64", "arm", "ia32", "riscv64", "s390x", "ppc64", "loong64", "wasm32"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!cpu) return null;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (parts.some((part) => part.startsWith("musl"))) entry.libc = ["musl"];
  else if (os === "linux" && parts.some((part) => part.startsWith("gnu"))) entry.libc = ["glibc"];
  return entry;
}

const file = process.argv[2] ?? "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8"));
const added = [];
const unknown = [];
for (const [location, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform) {
      unknown.push(name);
      continue;
    }
    lock.packages[hoisted] = {
      version: version.replace(/^[\^~=]/, ""),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(name);
  }
}
if (added.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b),
    ),
  );
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`complete-lockfile: ${added.length} platform-only entries added to ${file}`);
}
if (unknown.length > 0)
  console.warn(`complete-lockfile: no platform in the names of ${unknown.join(", ")}`);
