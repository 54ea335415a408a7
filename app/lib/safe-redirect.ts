/**
 * A redirect target taken from a request, kept to this site: a path, never another origin
 * (`//host`, `/\host`) nor a header injection. Anything else becomes `fallback`.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//"))
    return fallback;
  if (value.includes("\\") || /[\r\n]/.test(value)) return fallback;
  return value;
}
