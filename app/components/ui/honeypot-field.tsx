import { HONEYPOT_FIELD } from "../../lib/forms/honeypot";

/**
 * A field people never see or reach (off-screen, out of the tab order, hidden from assistive
 * technology) and bots fill in. The server ignores a submission that has it filled.
 */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
