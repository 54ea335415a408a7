import { data } from "react-router";

// Any path no route claims: the root error boundary renders product §2's 404 page.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
