// Toasts asked for, waiting for the toast layer (toast-layer.tsx). The layer loads on the first
// toast, so both the code asking (toaster.tsx's showToast) and the layer meet here.

export interface Toast {
  title: string;
  description?: string;
  kind?: "error" | "info";
  /** product §9: 5 s or 3 s; Sonner's default (4 s) otherwise. */
  durationMs?: number;
}

/** Toasts not yet handed to the layer; it takes them as it loads and as they come. */
export const toastQueue: Toast[] = [];
const listeners = new Set<() => void>();

export function onToast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function showToast(toast: Toast): void {
  toastQueue.push(toast);
  for (const listener of listeners) listener();
}
