import { Children, Fragment, isValidElement, type ReactNode } from "react";
import { Scripts, type ScriptsProps } from "react-router";
import { inlineScriptJson as json } from "../lib/head";
import { FIRST_USE } from "./lazy";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/**
 * React Router's <Scripts>, with the page's code asked for only once the page has loaded (its
 * stylesheet and images) and painted, at the shopper's first touch, key or focus if that comes
 * sooner, and at the latest 3 s after the markup arrived. Until then the page works as server
 * markup, as it does without JavaScript. On a slow connection the code no longer shares it with
 * the largest image (docs/decisions/001-javascript-budget.md).
 *
 * React Router's module preloads and its module script become one inline script that adds them to
 * the page when it is time; its other script (the router's state) stays as it is. It adds two
 * elements, not one per module: inserting a `<link rel="modulepreload">` costs the main thread a
 * few milliseconds each on a slow phone. The module script imports the preloaded modules itself,
 * so the browser asks for all of them at once, and one link starts React Router's entry, which
 * the script imports last (it must run after the route modules are registered).
 */
export function PageScripts(props: ScriptsProps) {
  // Called as a function, not rendered: its hooks are this component's, in the same order each time.
  const scripts = Scripts(props);
  const preloads: string[] = [];
  const kept: ReactNode[] = [];
  let moduleText: string | undefined;
  for (const node of flatten(scripts)) {
    if (!isValidElement<ElementProps>(node)) continue;
    if (node.type === "link" && node.props.rel === "modulepreload" && node.props.href) {
      preloads.push(node.props.href);
    } else if (node.type === "script" && node.props.type === "module") {
      moduleText = node.props.dangerouslySetInnerHTML?.__html;
    } else {
      kept.push(node);
    }
  }
  // After hydration <Scripts> renders nothing, and neither does this.
  if (moduleText === undefined) return scripts;
  return (
    <>
      {kept}
      <script
        nonce={props.nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: React Router's module list and script.
        dangerouslySetInnerHTML={{
          // The browser runs the server's copy; React does not compare an inline script's text.
          __html: import.meta.env.SSR ? startWhenLoaded(preloads, moduleText) : "",
        }}
      />
    </>
  );
}

function flatten(node: ReactNode): ReactNode[] {
  if (!isValidElement<ElementProps>(node) || node.type !== Fragment) return [node];
  return Children.toArray(node.props.children).flatMap(flatten);
}

/** Latest start, after the markup: a stalled image holds the page's code back no longer. */
const LATEST_START_MS = 3_000;

/**
 * The inline script. "After paint" is the frame after `load`: a requestAnimationFrame callback
 * runs just before a frame, and a timeout set in it after that frame.
 */
function startWhenLoaded(preloads: string[], moduleText: string): string {
  const entry = /import\(("[^"]+")\);?\s*$/.exec(moduleText)?.[1];
  const entryPath = entry ? (JSON.parse(entry) as string) : undefined;
  const imports = preloads
    .filter((path) => path !== entryPath)
    .map((path) => `import ${json(path)};`)
    .join("");
  return `(function(d,w){
var nonce=d.currentScript.nonce,inputs=${json(FIRST_USE)},started=false;
function start(){
if(started)return;started=true;
inputs.forEach(function(type){w.removeEventListener(type,start,true)});
${entryPath ? `var link=d.createElement("link");link.rel="modulepreload";link.href=${json(entryPath)};d.head.appendChild(link);` : ""}
var script=d.createElement("script");script.type="module";script.nonce=nonce;script.textContent=${json(imports + moduleText)};
d.body.appendChild(script)}
inputs.forEach(function(type){w.addEventListener(type,start,{capture:true,passive:true})});
function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(d.readyState==="complete")afterPaint();else w.addEventListener("load",afterPaint);
setTimeout(start,${LATEST_START_MS})})(document,window)`;
}
