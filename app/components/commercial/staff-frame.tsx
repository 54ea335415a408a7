import type { ReactNode } from "react";
import { Form } from "react-router";

/** The staff pages' frame: who is signed in, and signing out. */
export function StaffFrame({ staff, children }: { staff: string; children: ReactNode }) {
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-center justify-end gap-4 text-sm text-slate-700">
        <span>Signed in as staff: {staff}</span>
        <Form method="post" action="/staff/sign-out">
          <button type="submit" className="text-lagoon-700 underline">
            Sign out
          </button>
        </Form>
      </div>
      {children}
    </div>
  );
}
