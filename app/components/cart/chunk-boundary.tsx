import { Component, type ReactNode } from "react";

/**
 * Keeps a lazy part of the drawer from taking the page down when its code cannot load (a deploy
 * removed the chunk and the one reload of product §4 did not help): the drawer says so instead.
 * The drawer lives in the root layout, outside every route's error boundary.
 */
export class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="py-6 text-slate-700">
        Your cart could not be shown just now. It is safe:{" "}
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="text-lagoon-700 underline"
        >
          reload the page
        </button>{" "}
        to see it.
      </p>
    );
  }
}
