import "react";

// Invoker commands (`<button commandfor="x" command="show-modal">`) open and close dialogs
// without JavaScript; React passes the lowercase attributes through but does not type them yet.
declare module "react" {
  interface ButtonHTMLAttributes<T> extends HTMLAttributes<T> {
    command?:
      | "show-modal"
      | "close"
      | "request-close"
      | "toggle-popover"
      | "show-popover"
      | "hide-popover";
    commandfor?: string;
  }
}
