/** The honeypot's field name: a plausible one, so form-filling bots fill it in. */
export const HONEYPOT_FIELD = "website";

/** A filled honeypot: the server answers as if it worked and does nothing (a bot learns nothing). */
export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
