import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";

type LinkProps = { rel?: string; fetchPriority?: string };

/**
 * React Router's <Scripts>, with the modules it preloads fetched at low priority: the stylesheet
 * and the largest image come first on a slow connection, and the first paint waits for no script
 * (docs/decisions/001-javascript-budget.md). The page works as server markup until they arrive.
 */
export function PageScripts(props: ScriptsProps) {
  // Called as a function, not rendered: its hooks are this component's, in the same order each time.
  return lowerPreloads(Scripts(props));
}

function lowerPreloads(node: ReactNode): ReactNode {
  if (!isValidElement<{ children?: ReactNode } & LinkProps>(node)) return node;
  if (node.type === "link" && node.props.rel === "modulepreload") {
    return cloneElement(node as ReactElement<LinkProps>, { fetchPriority: "low" });
  }
  if (node.props.children === undefined) return node;
  return cloneElement(node, undefined, Children.map(node.props.children, lowerPreloads));
}
