import { useEffect, useState } from "react";
import { clampCartQuantity } from "../../lib/commerce/cart";
import {
  MAX_SEATS,
  PARTICIPANT_FIELDS,
  PHONE_PATTERN,
  participantFieldName,
} from "../../lib/commerce/cart-participants";
import { CloseButton } from "../ui/close-button";

/** One participant per seat of a course: name, email and phone (product §3, §5). */
export function ParticipantsDialog({
  id,
  dialogRef,
  seats,
  onSeatsChange,
  courseTitle,
  fieldErrors,
  pending,
}: {
  id: string;
  dialogRef: React.RefObject<HTMLDialogElement | null>;
  seats: number;
  onSeatsChange(seats: number): void;
  courseTitle: string;
  fieldErrors?: Record<string, string>;
  pending: boolean;
}) {
  const titleId = `${id}-title`;
  const seatsId = `${id}-seats`;
  // Choosing the number of seats adds or removes participants as it changes, which takes
  // JavaScript; without it a course is added one participant at a time.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  return (
    <dialog
      id={id}
      ref={dialogRef}
      aria-labelledby={titleId}
      closedby="any"
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-lg bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold text-lagoon-900">
          Participants
        </h2>
        <CloseButton label="Close participants" commandfor={id} command="close" />
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4">
        <p className="text-sm text-slate-700">
          {courseTitle}: one participant for each seat. We send course details to each of them.
        </p>
        {interactive ? (
          <div className="mt-4">
            <label htmlFor={seatsId} className="block text-sm font-medium text-slate-900">
              Number of participants
            </label>
            <input
              id={seatsId}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_SEATS}
              step={1}
              value={seats}
              onChange={(event) =>
                onSeatsChange(Math.min(clampCartQuantity(event.currentTarget.value), MAX_SEATS))
              }
              className="mt-1 w-24 rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
        ) : null}
        {Array.from({ length: seats }, (_, index) => index + 1).map((position) => (
          <fieldset key={position} className="mt-4">
            <legend className="font-semibold text-slate-900">Participant {position}</legend>
            <div className="mt-2 grid gap-3 sm:grid-cols-3">
              {PARTICIPANT_FIELDS.map(({ field, label }) => {
                const name = participantFieldName(position, field);
                const error = fieldErrors?.[name];
                const fieldId = `${id}-${name}`;
                return (
                  <div key={field}>
                    <label htmlFor={fieldId} className="block text-sm font-medium text-slate-900">
                      {label}
                    </label>
                    <input
                      id={fieldId}
                      name={name}
                      type={field === "email" ? "email" : field === "phone" ? "tel" : "text"}
                      autoComplete="off"
                      required
                      maxLength={field === "name" ? 100 : 254}
                      pattern={field === "phone" ? PHONE_PATTERN : undefined}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${fieldId}-error` : undefined}
                      className="mt-1 w-full rounded-md border border-slate-400 px-3 py-2 aria-[invalid=true]:border-coral-600"
                    />
                    {error ? (
                      <p id={`${fieldId}-error`} className="mt-1 text-sm text-coral-600">
                        {error}
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-4">
        <button
          type="button"
          commandfor={id}
          command="close"
          className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
        >
          Cancel
        </button>
        <button
          type="submit"
          aria-disabled={pending || undefined}
          className="rounded-md bg-lagoon-700 px-4 py-2 font-semibold text-white hover:bg-lagoon-800"
        >
          {pending ? "Adding…" : "Add to cart"}
        </button>
      </div>
    </dialog>
  );
}
