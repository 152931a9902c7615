/**
 * transition-planner player: plays the service's `waapi` documents in a page with the Web
 * Animations API. A plain ES module with no dependency, served by the service at `GET /player.js`
 * (docs/PLAYER.md has the whole guide and a complete example).
 *
 * ```js
 * import { heroRequest, request, play } from "/player.js";
 *
 * const container = document.querySelector("#app");            // grid and detail are its children
 * const body = heroRequest({ from: grid, to: detail, container, operation: "push",
 *                            options: { preset: "push" } });   // frames etc. measured from the page
 * const doc = await request(body, { keyframes: "compact" });   // POST /v1/plans?format=waapi
 * const transition = play(doc, { container, screens: { from: grid, to: detail } });
 * back.onclick = () => transition.reverse();                   // goes back from where it is
 * onLayoutChange = (next) => transition.retarget(next);        // heads for next's end instead
 * await transition.finished;                                   // "finished", "reversed" or "cancelled"
 * ```
 *
 * Exports:
 *
 * - `play(document, options)` -> `Player` (also `new Player(document, options)`): builds one
 *   absolutely positioned element per layer inside `options.container`, bottom to top, applies
 *   `actions.start`, and plays. Options:
 *   - `container` (Element or selector, required): the transition's container. Its padding box is
 *     the plan's coordinate space, one CSS pixel per point. While playing it gets `isolation:
 *     isolate` (and `position: relative` when it is static), restored afterwards. Give it
 *     `overflow: hidden`: plans move layers outside it.
 *   - `screens` (`{from, to}`, Elements or selectors): the two screens. A screen that is a child
 *     of the container is animated in place (it becomes its layer's element: its scroll position,
 *     focus and live content stay), any other is moved into its layer and put back afterwards.
 *   - `elements` (`{name: Element}`): page elements by the names the plan uses where the page has
 *     no `[data-hero-id]` for them (zoom's `source` and `destination`).
 *   - `resolve(content, ctx)`: maps a layer's `content` to what the layer shows; return
 *     `undefined` to take the default (`ctx.fallback()` returns it too). It may return
 *     - a Node: the layer's content child (a node already in the document is moved there and put
 *       back afterwards; any other is discarded afterwards),
 *     - `{content: Node, box: {left, top, width, height}}`: the same with the child's box (px
 *       numbers or CSS lengths; the default is the whole layer),
 *     - `{layer: Element}`: that element is animated in place as the layer (a child of the
 *       container; its inline style is restored afterwards),
 *     - `null`: an empty layer.
 *     `ctx` is `{layer, container, screen(name), element(screenName, id), fallback()}`.
 *     The default (`defaultResolve`): `screen` -> the screen itself; `element` -> `snapshot()` of
 *     the page element (`[data-hero-id="id"]` within the screen, or `options.elements[id]`);
 *     `snapshot` -> a clone of the screen; `slice` -> a clone of the screen offset by the rect;
 *     `color` -> a div with that background.
 *   - `autoplay` (default true): start at once; else paused at 0 with the start actions applied.
 *   - `base` (default `""`, the page's origin): the service's base URL, for `reverse()` and
 *     `retarget()`.
 *   - `fetch` (default `globalThis.fetch`): for `reverse()` and `retarget()`.
 *   - `keep` (default false): at the end, leave the layers the plan's actions do not remove
 *     (cartSheet's tilted snapshot stays behind the sheet) until `dispose()`.
 *   - `settle` (default true): at the end, set the screens' `hidden` attributes: finished ->
 *     `to` shown and `from` hidden; cancelled or reversed -> `from` shown and `to` hidden.
 *     `false` leaves them as they were before; a function `(outcome, {from, to})` does it itself.
 *   - `replace` (a Player): disposed of just before this one mounts, in the same task (no frame
 *     between them): cartSheet's dismiss replacing the present that `keep` left.
 *   - `playbackRate` (default 1).
 *
 * - The `Player` (an EventTarget):
 *   - `play()`, `pause()`, `seek(ms)`, `currentTime` (ms, settable), `duration` (ms),
 *     `playbackRate`, `playState` (`"running"`, `"paused"`, `"reversing"` or `"retargeting"`
 *     while the next plan is fetched: it holds still and ignores seeks, `"done"`), `reversed`
 *     (it is going back: `reverse()` was called, and no `retarget()` went forward since).
 *   - `finished`: a Promise of the outcome, `"finished"` (ran to its end forward), `"reversed"`
 *     (went back to its start: `reverse()`, and any retarget after it), `"cancelled"` (`cancel()`)
 *     or `"pending"` (an
 *     interaction whose gesture had not ended); resolved after the end's actions are applied, the
 *     layers removed and the screens settled. It never rejects.
 *   - `reverse({timing}?)`: pauses where it is, fetches the reversal plan for that time (`POST
 *     {base}/v1/plans?format=waapi` with the document's `request` plus `"reversal": {"at":
 *     seconds, "timing"?}`, compact when the document is), swaps to it in one task, without a
 *     jump (the reversal's first frame is the forward state at that time), and plays it. Returns
 *     a Promise of the outcome (`finished`'s); it rejects when the reversal cannot be had (no
 *     `request`, already reversed, a network or HTTP error: then the forward transition resumes
 *     as it was). The reversal keeps the forward request's `reduceMotion` (a dissolve going back
 *     from a hero state would jump). On a retarget plan (whose own reversal would start where
 *     the plan it retargeted was) the way back is a retarget to its new request's reversal at
 *     that request's duration, which one more request (its plan, compact) tells first.
 *   - `retarget(newRequest, {policy}?)`: heads for `newRequest`'s end from where it is, playing
 *     or paused: pauses, sends `newRequest` plus `"retarget": {"from": <the document's
 *     request>, "at": seconds, "policy"?}` the way `reverse()` sends its reversal (same `base`,
 *     `fetch`, keyframes spelling), swaps to the answer in one task, without a jump (its first
 *     frame is this state, with every layer's velocity: docs/API.md, `retarget`), and plays it. Layers
 *     of both plans keep their elements; layers only the answer has are mounted; layers only
 *     the plan in flight had fade out in the answer, which removes them at its end. Returns a
 *     Promise of the outcome; it rejects when the retarget cannot be had (no `request`, a
 *     reversal or retarget already being fetched, a network or HTTP error such as the service's
 *     422 for a fifth nested retarget: then the transition resumes as it was). Chains: the
 *     answer's `request` is the retarget request, the next `from`. Going back (after
 *     `reverse()`), it keeps going back, to `newRequest`'s start (`newRequest` plus its
 *     `reversal` at its duration, which one more request tells first), unless `newRequest` has
 *     a `reversal` of its own; a `newRequest` without `reduceMotion` keeps the document's. At
 *     time 0 it is sent at 1 us (the service needs `at` > 0).
 *   - `cancel()`: stops, applies `actions.cancel` (going back, `actions.finish`: a reversal's own
 *     cancel list is empty, its finish list is the forward plan's cancel list), removes the
 *     layers; `finish()`: jumps to the end and
 *     finishes; `dispose()`: cancels a transition still playing, and after the end removes what
 *     `keep` left, without any action.
 *   - `document` (the one playing: the reversal or retarget plan once swapped), `forward` (the
 *     first), `layerElement(id)`, `contentElement(id)`.
 *   - Events: `reversing` (detail `{at}`, ms: paused, before the fetch), `retargeting` (detail
 *     `{at, request}`: the same for `retarget()`), `swap` (detail `{document}`: the reversal or
 *     retarget plan is mounted at its time 0, before it plays), `end` (detail `{outcome}`). All
 *     dispatched synchronously.
 *
 * - `request(base?, planRequest, {keyframes, reduceMotion, path, fetch, signal, headers}?)`:
 *   POSTs a plan request to `{base}{path}` (`/v1/plans` by default) with `format=waapi` and, for
 *   `keyframes: "compact"`, `keyframes=compact`; resolves to the document, rejects with a
 *   `PlanError` (`status`, `problem`: the problem+json) otherwise. `reduceMotion` defaults to
 *   `prefersReducedMotion()`: when true the request carries `"reduceMotion": true` (in its
 *   `transition` for `/v1/interactions`). `base` may be left out: `request(body, options)`.
 *
 * - `heroRequest({from, to, container, operation = "push", options, timing, frameRate, ...})`:
 *   a `hero` plan request measured from the page: the container's padding-box size and, per
 *   screen, every `[data-hero-id]` descendant that is rendered: `id`, `frame` (its border box
 *   relative to the container's padding box), `cornerRadius` (its computed top-left
 *   `border-radius`, in px, limited to half its sides), `alpha` (its own `opacity`, when < 1),
 *   `opaque` (false for an element that paints no image and no opaque background: text), and for
 *   `<img>`, `<video>`, `<canvas>` and `<svg>` the `content` size (natural size) and the
 *   `contentMode` from `object-fit` (fill -> scaleToFill, contain -> aspectFit, cover ->
 *   aspectFill, none -> center, scale-down -> center or aspectFit). `data-hero-arc`,
 *   `data-hero-effect`, `data-hero-z-index`, `data-hero-opaque` and `data-hero-content-mode`
 *   set the fields of the same names. A screen with the `hidden` attribute is shown for the
 *   measurement and hidden again (synchronously, so nothing paints). Other members (`reduceMotion`,
 *   ...) are copied into the request.
 *
 * - `viewTransition(source, update, {container, screens, elements, script, autoplay, base,
 *   fetch}?)`: plays a `viewtransition` document (or the one it asks for, `source` being a plan
 *   request) as a View Transition of the page itself (docs/VIEWTRANSITIONS.md 7, 12): names the
 *   old targets, starts `document.startViewTransition` with `update` (the page's DOM change) and
 *   the document's types, names the new targets, installs the animations in `ready` and runs the
 *   finish actions when it ends. Resolves to `{transition, document, ready, finished,
 *   animations, pause(), play(), seek(ms), skip(), reverse(revert)}`. Where the browser has no
 *   `document.startViewTransition` it runs `update` and the actions at once, without animation.
 *
 * - `prefersReducedMotion()`, `snapshot(element)` (the default element content: a clone with
 *   the computed styles inlined), `defaultResolve(content, ctx)`, `PlanError`.
 *
 * Both spellings of the document play: sampled (the default: per layer one animation through
 * every sample, `linear` between them, plus one for the content child's box) and compact
 * (`keyframes=compact`: per layer its static `style`, then one `animate()` per track with the
 * browser's own easing, exact between samples). Action semantics (docs/STYLES.md "Terms"):
 * `hidden: true` sets the target's inline `visibility: hidden` (its place in the layout stays,
 * as UIKit's `isHidden`), `hidden: false` puts back the inline value it had; `remove` removes the
 * layer; `alpha` sets the opacity (of a layer: over its animations).
 */

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const WAAPI_TYPE = "application/vnd.transition-planner.waapi+json";

/** Whether the page asks for reduced motion (`prefers-reduced-motion: reduce`). */
export function prefersReducedMotion() {
  return Boolean(globalThis.matchMedia && globalThis.matchMedia(REDUCED_MOTION).matches);
}

/** An HTTP error from the service: `status` and the problem+json document as `problem`. */
export class PlanError extends Error {
  constructor(status, problem) {
    const pointers = (problem && problem.errors || []).map((e) => `${e.pointer}: ${e.message}`);
    super(`${status} ${problem && (problem.title || problem.detail) || "error"}` +
      (pointers.length ? ` (${pointers.join("; ")})` : ""));
    this.name = "PlanError";
    this.status = status;
    this.problem = problem;
  }
}

function serviceURL(base, path) {
  const root = String(base ?? "").replace(/\/+$/, "");
  const here = globalThis.location ? globalThis.location.href : "http://localhost/";
  return new URL(root + path, root ? new URL(root, here) : here);
}

/**
 * Fetches a waapi document for `planRequest`. `request(body, options)` uses the page's origin.
 * @returns {Promise<object>} the document
 */
export async function request(base, planRequest, options) {
  if (base !== null && typeof base === "object" && !(base instanceof URL)) {
    options = planRequest;
    planRequest = base;
    base = options && options.base;
  }
  const {
    keyframes, reduceMotion = prefersReducedMotion(), path = "/v1/plans", signal, headers,
    fetch: fetchImpl = globalThis.fetch,
  } = options || {};
  let body = planRequest;
  if (reduceMotion) {
    body = /interactions/.test(path)
      ? { ...body, transition: { ...body.transition, reduceMotion: true } }
      : { ...body, reduceMotion: true };
  }
  const url = serviceURL(base, path);
  url.searchParams.set("format", "waapi");
  if (keyframes && keyframes !== "sampled") url.searchParams.set("keyframes", keyframes);
  const response = await fetchImpl(url, {
    method: "POST", body: JSON.stringify(body), signal,
    headers: { "Content-Type": "application/json", Accept: WAAPI_TYPE, ...headers },
  });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch { json = { title: text.slice(0, 200) }; }
  if (!response.ok) throw new PlanError(response.status, json);
  return json;
}

// ---- measuring the page: heroRequest -----------------------------------------------------------

function element(value, root = document) {
  if (value == null) return null;
  return typeof value === "string" ? root.querySelector(value) : value;
}

/** The container's padding box in viewport coordinates: the plan's origin and size. */
function paddingBox(container) {
  const r = container.getBoundingClientRect();
  const cs = getComputedStyle(container);
  const bl = parseFloat(cs.borderLeftWidth) || 0, bt = parseFloat(cs.borderTopWidth) || 0;
  const br = parseFloat(cs.borderRightWidth) || 0, bb = parseFloat(cs.borderBottomWidth) || 0;
  return {
    x: r.left + bl - container.scrollLeft, y: r.top + bt - container.scrollTop,
    width: r.width - bl - br, height: r.height - bt - bb,
  };
}

function length(text, reference) {
  const v = parseFloat(text);
  if (!Number.isFinite(v)) return 0;
  return /%$/.test(text.trim()) ? v / 100 * reference : v;
}

/** The computed top-left radius in px (the plan has one circular radius). */
function cornerRadius(cs, width, height) {
  const parts = String(cs.borderTopLeftRadius || "0").trim().split(/\s+/);
  const h = length(parts[0], width), v = length(parts[1] ?? parts[0], height);
  return Math.max(0, Math.min(h, v, width / 2, height / 2));
}

const FIT_MODES = { fill: "scaleToFill", contain: "aspectFit", cover: "aspectFill", none: "center" };

/**
 * An image's own size. WebKitGTK 2.50 reports an SVG `<img>` laid out with `object-fit` at its
 * fitted size (255 x 170 for a 1200 x 800 picture in a 170 px cover box), so the size is read
 * from an unattached Image of the same source when that one is already decoded (the page's
 * image is in the cache: it is synchronous), which every engine reports as the file's size.
 */
function naturalSize(el) {
  const src = el.currentSrc || el.src;
  if (src && typeof Image === "function") {
    const probe = new Image();
    probe.src = src;
    if (probe.complete && probe.naturalWidth > 0 && probe.naturalHeight > 0) {
      return [probe.naturalWidth, probe.naturalHeight];
    }
  }
  return el.naturalWidth > 0 && el.naturalHeight > 0 ? [el.naturalWidth, el.naturalHeight] : null;
}

function intrinsicSize(el) {
  const tag = el.localName;
  if (tag === "img") {
    const size = naturalSize(el);
    if (size) return size;
  } else if (tag === "image") {
    if (el.naturalWidth > 0 && el.naturalHeight > 0) return [el.naturalWidth, el.naturalHeight];
  } else if (tag === "video") {
    if (el.videoWidth > 0 && el.videoHeight > 0) return [el.videoWidth, el.videoHeight];
  } else if (tag === "canvas") {
    if (el.width > 0 && el.height > 0) return [el.width, el.height];
  } else if (tag === "svg" && el.viewBox && el.viewBox.baseVal) {
    const b = el.viewBox.baseVal;
    if (b.width > 0 && b.height > 0) return [b.width, b.height];
  }
  return null;
}

function paintsOpaque(el, cs) {
  if (/^(img|video|canvas|svg|picture)$/.test(el.localName)) return true;
  if (cs.backgroundImage && cs.backgroundImage !== "none") return true;
  const m = /rgba?\(([^)]*)\)/.exec(cs.backgroundColor || "");
  if (!m) return false;
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  return parts.length < 4 || parseFloat(parts[3]) >= 1;
}

function heroElement(el, origin) {
  const r = el.getBoundingClientRect();
  const cs = getComputedStyle(el);
  const d = el.dataset;
  const item = {
    id: d.heroId,
    frame: { x: r.left - origin.x, y: r.top - origin.y, width: r.width, height: r.height },
  };
  const radius = cornerRadius(cs, r.width, r.height);
  if (radius > 0) item.cornerRadius = radius;
  const alpha = parseFloat(cs.opacity);
  if (Number.isFinite(alpha) && alpha < 1) item.alpha = Math.max(0, alpha);
  const opaque = d.heroOpaque != null ? d.heroOpaque !== "false" : paintsOpaque(el, cs);
  if (!opaque) item.opaque = false;
  const size = intrinsicSize(el);
  if (size) {
    item.content = { width: size[0], height: size[1] };
    let mode = FIT_MODES[cs.objectFit] || "scaleToFill";
    if (cs.objectFit === "scale-down") {
      mode = size[0] <= r.width && size[1] <= r.height ? "center" : "aspectFit";
    }
    if (el.localName === "svg") mode = "aspectFit"; // preserveAspectRatio's default, meet
    item.contentMode = mode;
  }
  if (d.heroContentMode) item.contentMode = d.heroContentMode;
  if (d.heroZIndex != null) item.zIndex = Number(d.heroZIndex);
  if (d.heroArc != null) item.arc = Number(d.heroArc);
  if (d.heroEffect) item.effect = d.heroEffect;
  return item;
}

function heroElements(screen, origin) {
  if (!screen) return [];
  const wasHidden = screen.hidden;
  if (wasHidden) screen.hidden = false;
  try {
    const seen = new Set();
    const out = [];
    for (const el of screen.querySelectorAll("[data-hero-id]")) {
      const id = el.dataset.heroId;
      if (!id || el.getClientRects().length === 0) continue; // not rendered
      if (seen.has(id)) {
        console.warn(`transition-planner: data-hero-id "${id}" is used twice; the first counts`);
        continue;
      }
      seen.add(id);
      out.push(heroElement(el, origin));
    }
    return out;
  } finally {
    if (wasHidden) screen.hidden = true;
  }
}

/**
 * A `hero` plan request measured from the page (docs/API.md "Shared-element plans").
 * @returns {object} the request body
 */
export function heroRequest({
  from, to, container, operation = "push", options, timing, frameRate, ...rest
} = {}) {
  const box = element(container);
  if (!box) throw new TypeError("heroRequest: a container is needed");
  const origin = paddingBox(box);
  const body = {
    style: "hero", operation,
    container: { width: origin.width, height: origin.height },
    screens: {
      from: { elements: heroElements(element(from), origin) },
      to: { elements: heroElements(element(to), origin) },
    },
  };
  if (options) body.options = options;
  if (timing) body.timing = timing;
  if (frameRate) body.frameRate = frameRate;
  return Object.assign(body, rest);
}

// ---- what a layer shows: snapshots and the default resolver ------------------------------------

// The root of a snapshot takes its place from the layer: none of these are copied to it.
const ROOT_SKIPS = new RegExp("^(position|inset|left|right|top|bottom|margin|width|height|" +
  "min-|max-|inline-size|block-size|transform|translate|rotate|scale|opacity|visibility|" +
  "transition|animation|z-index|float|will-change|view-transition|content-visibility)");

function inlineComputedStyles(source, clone, root) {
  if (source.nodeType !== 1) return;
  const cs = getComputedStyle(source);
  let text = "";
  for (let i = 0; i < cs.length; i++) {
    const name = cs[i];
    // Inherited from the root's forced `visibility: visible`; an explicit one is kept.
    if (root ? ROOT_SKIPS.test(name) : name === "visibility") continue;
    text += `${name}:${cs.getPropertyValue(name)};`;
  }
  if (!root && cs.visibility !== getComputedStyle(source.parentElement).visibility) {
    text += `visibility:${cs.visibility};`;
  }
  clone.style.cssText = text;
  if (source.localName === "canvas" && source.width > 0 && source.height > 0) {
    try { clone.getContext("2d").drawImage(source, 0, 0); } catch { /* tainted or webgl */ }
  }
  const a = source.children, b = clone.children;
  for (let i = 0; i < a.length && i < b.length; i++) inlineComputedStyles(a[i], b[i], false);
}

/** No ids and no hero ids in a copy (no lookup may find it), inert, hidden from assistive
 * technology. */
function markClone(clone, keepIds) {
  for (const el of [clone, ...clone.querySelectorAll("[id], [data-hero-id]")]) {
    if (!keepIds) el.removeAttribute("id");
    el.removeAttribute("data-hero-id");
  }
  clone.setAttribute("aria-hidden", "true");
  clone.inert = true;
  return clone;
}

/**
 * A still copy of a page element: `cloneNode(true)` with every computed style inlined (so it
 * looks the same outside its parents' selectors), no ids, inert and hidden from assistive
 * technology. The default content of `element` layers.
 */
export function snapshot(el) {
  const clone = el.cloneNode(true);
  inlineComputedStyles(el, clone, true);
  return markClone(clone);
}

/** A copy of a whole screen (ids and classes kept for the page's selectors, only the root's
 * style inlined). */
function screenSnapshot(screen) {
  const wasHidden = screen.hidden;
  if (wasHidden) screen.hidden = false;
  try {
    const clone = screen.cloneNode(true);
    clone.removeAttribute("hidden");
    const cs = getComputedStyle(screen);
    let text = "";
    for (let i = 0; i < cs.length; i++) {
      if (!ROOT_SKIPS.test(cs[i])) text += `${cs[i]}:${cs.getPropertyValue(cs[i])};`;
    }
    clone.style.cssText = text;
    return markClone(clone, true);
  } finally {
    if (wasHidden) screen.hidden = true;
  }
}

/** What a layer shows when `resolve` gives nothing (see the top of this file). */
export function defaultResolve(content, ctx) {
  switch (content && content.kind) {
    case "screen": {
      const screen = ctx.screen(content.screen);
      if (!screen) return null;
      return screen.parentElement === ctx.container ? { layer: screen } : screen;
    }
    case "snapshot": {
      const screen = ctx.screen(content.screen);
      return screen ? screenSnapshot(screen) : null;
    }
    case "slice": {
      const screen = ctx.screen(content.screen);
      if (!screen) return null;
      const r = content.rect || { x: 0, y: 0 };
      const size = paddingBox(ctx.container);
      return { content: screenSnapshot(screen),
        box: { left: -r.x, top: -r.y, width: size.width, height: size.height } };
    }
    case "element": {
      const el = ctx.element(content.screen, content.element);
      if (!el) return null;
      // A screen still hidden (its `hidden` attribute) is shown for the copy, synchronously.
      const screen = ctx.screen(content.screen);
      const reveal = screen && screen.hidden && screen.contains(el);
      if (reveal) screen.hidden = false;
      try { return snapshot(el); } finally { if (reveal) screen.hidden = true; }
    }
    case "color": {
      const div = document.createElement("div");
      div.style.background = content.color;
      return div;
    }
    default:
      return null;
  }
}

// ---- 3D rotations where the engine interpolates matrix3d off the spec ---------------------------

/**
 * Whether the engine interpolates a `matrix3d` pair whose rotation turns about x or y as CSS
 * Transforms says (decomposed, the rotation spherical), as the plan does. WebKitGTK 2.50 does
 * not: from `none` to `rotateX(1rad)` written as `matrix3d`, it is at 0.12 rad at a quarter (the
 * spec: 0.25) and not a rotation. Checked once, on a hidden element, not by user agent.
 */
let rotationsToSpec;
export function interpolatesRotationsToSpec() {
  if (rotationsToSpec !== undefined) return rotationsToSpec;
  rotationsToSpec = true;
  const root = globalThis.document && document.documentElement;
  if (!root || typeof root.animate !== "function") return rotationsToSpec;
  const el = document.createElement("div");
  el.style.cssText = "position:absolute;left:0;top:0;width:1px;height:1px;visibility:hidden;" +
    "pointer-events:none";
  root.appendChild(el);
  try {
    const c = Math.cos(1), s = Math.sin(1);
    const a = el.animate([{ transform: "none" },
      { transform: `matrix3d(1,0,0,0,0,${c},${s},0,0,${-s},${c},0,0,0,0,1)` }],
    { duration: 1000, fill: "both" });
    a.pause();
    a.currentTime = 250;
    const m = parseTransform(getComputedStyle(el).transform);
    a.cancel();
    rotationsToSpec = !m || Math.abs(m[6] - Math.sin(0.25)) < 1e-3;
  } finally {
    el.remove();
  }
  return rotationsToSpec;
}

/** A computed or keyframe transform as 16 numbers, rows m11..m44; null for other spellings. */
function parseTransform(text) {
  const t = String(text || "none").trim();
  if (t === "none") return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
  const m = /^(matrix3d|matrix)\(([^)]*)\)$/.exec(t);
  if (!m) return null;
  const v = m[2].split(",").map(Number);
  if (v.some((x) => !Number.isFinite(x))) return null;
  if (m[1] === "matrix3d") return v.length === 16 ? v : null;
  return v.length === 6 ? [v[0], v[1], 0, 0, v[2], v[3], 0, 0, 0, 0, 1, 0, v[4], v[5], 0, 1] : null;
}

function invert4(a) {
  const m = a.map((row, i) => [...row, ...[0, 1, 2, 3].map((j) => (i === j ? 1 : 0))]);
  for (let c = 0; c < 4; c++) {
    let p = c;
    for (let r = c + 1; r < 4; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    if (Math.abs(m[p][c]) < 1e-12) return null;
    [m[c], m[p]] = [m[p], m[c]];
    const d = m[c][c];
    for (let j = 0; j < 8; j++) m[c][j] /= d;
    for (let r = 0; r < 4; r++) {
      if (r === c) continue;
      const f = m[r][c];
      for (let j = 0; j < 8; j++) m[r][j] -= f * m[c][j];
    }
  }
  return m.map((row) => row.slice(4));
}

const dot3 = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const scale3 = (a, k) => a.map((x) => x * k);
const add3 = (a, b, k) => a.map((x, i) => x + b[i] * k);

/** The decomposition of DecomposedTransform.swift (the plan's), of 16 row-major numbers. */
function decompose(values) {
  const m = [0, 1, 2, 3].map((i) => values.slice(4 * i, 4 * i + 4));
  const w = m[3][3];
  if (!w) return null;
  for (const row of m) for (let j = 0; j < 4; j++) row[j] /= w;
  const pm = m.map((row) => row.slice());
  for (let i = 0; i < 3; i++) pm[i][3] = 0;
  pm[3][3] = 1;
  const inverse = invert4(pm);
  if (!inverse) return null;
  let perspective = [0, 0, 0, 1];
  if (m[0][3] || m[1][3] || m[2][3]) {
    const rhs = [m[0][3], m[1][3], m[2][3], m[3][3]];
    perspective = inverse.map((row) => row.reduce((sum, x, k) => sum + x * rhs[k], 0));
  }
  const translation = m[3].slice(0, 3);
  let [r0, r1, r2] = [m[0].slice(0, 3), m[1].slice(0, 3), m[2].slice(0, 3)];
  let sx = Math.hypot(...r0);
  r0 = scale3(r0, 1 / sx);
  let kxy = dot3(r0, r1);
  r1 = add3(r1, r0, -kxy);
  let sy = Math.hypot(...r1);
  r1 = scale3(r1, 1 / sy);
  kxy /= sy;
  let kxz = dot3(r0, r2);
  r2 = add3(r2, r0, -kxz);
  let kyz = dot3(r1, r2);
  r2 = add3(r2, r1, -kyz);
  let sz = Math.hypot(...r2);
  r2 = scale3(r2, 1 / sz);
  kxz /= sz;
  kyz /= sz;
  const cross = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]];
  if (dot3(r0, cross) < 0) {
    [sx, sy, sz] = [-sx, -sy, -sz];
    [r0, r1, r2] = [scale3(r0, -1), scale3(r1, -1), scale3(r2, -1)];
  }
  return { perspective, translation, scale: [sx, sy, sz], skew: [kxy, kxz, kyz],
    quaternion: quaternionOf([r0, r1, r2]) };
}

/** Quaternion(rowMatrix:) of Quaternion.swift: [x, y, z, w]. */
function quaternionOf(n) {
  const [r00, r11, r22] = [n[0][0], n[1][1], n[2][2]];
  const [r01, r10, r02, r20, r12, r21] = [n[1][0], n[0][1], n[2][0], n[0][2], n[2][1], n[1][2]];
  const trace = r00 + r11 + r22;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    return [(r21 - r12) * s, (r02 - r20) * s, (r10 - r01) * s, 0.25 / s];
  }
  if (r00 > r11 && r00 > r22) {
    const s = 2 * Math.sqrt(1 + r00 - r11 - r22);
    return [0.25 * s, (r01 + r10) / s, (r02 + r20) / s, (r21 - r12) / s];
  }
  if (r11 > r22) {
    const s = 2 * Math.sqrt(1 + r11 - r00 - r22);
    return [(r01 + r10) / s, 0.25 * s, (r12 + r21) / s, (r02 - r20) / s];
  }
  const s = 2 * Math.sqrt(1 + r22 - r00 - r11);
  return [(r02 + r20) / s, (r12 + r21) / s, 0.25 * s, (r10 - r01) / s];
}

/** Quaternion.slerp of Quaternion.swift. */
function slerp(a, b0, p) {
  let b = b0;
  let d = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3];
  if (d < 0) {
    b = b.map((x) => -x);
    d = -d;
  }
  d = Math.min(d, 1);
  let wa = 1 - p, wb = p;
  if (d <= 1 - 1e-12) {
    const theta = Math.acos(d), s = Math.sin(theta);
    wa = Math.sin((1 - p) * theta) / s;
    wb = Math.sin(p * theta) / s;
  }
  return a.map((x, i) => wa * x + wb * b[i]);
}

/** DecomposedTransform.recomposed: 16 row-major numbers. */
function recompose(d) {
  const [x, y, z, w] = d.quaternion;
  const n0 = [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)];
  const n1 = [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)];
  const n2 = [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y)];
  const [sx, sy, sz] = d.scale, [kxy, kxz, kyz] = d.skew;
  const rows = [
    [0, 1, 2].map((j) => sx * n0[j]),
    [0, 1, 2].map((j) => sy * (n1[j] + kxy * n0[j])),
    [0, 1, 2].map((j) => sz * (n2[j] + kxz * n0[j] + kyz * n1[j])),
    d.translation,
  ];
  const p = d.perspective;
  // The linear part (last column 0, 0, 0, 1) times the perspective factor (identity but for
  // its last column p): every row keeps its first three numbers and gets its dot with p.
  return rows.flatMap((r, i) => [r[0], r[1], r[2], r[0] * p[0] + r[1] * p[1] + r[2] * p[2] + (i === 3 ? p[3] : 0)]);
}

const lerpAll = (a, b, p) => a.map((x, i) => x + (b[i] - x) * p);

/** Keyframes a compact transform animation is played with in this engine: as written, or,
 * where the engine interpolates a rotation about x or y off the spec, ROTATION_STEPS + 1
 * keyframes through the plan's decomposed path (the same progress offsets, so the
 * animation's easing still applies), between which the engine's own error is negligible. */
const ROTATION_STEPS = 240;
function transformKeyframes(keyframes) {
  if (keyframes.length !== 2 || interpolatesRotationsToSpec()) return keyframes;
  const [a, b] = keyframes.map((k) => parseTransform(k.transform));
  if (!a || !b) return keyframes;
  const outOfPlane = (m) => [2, 6, 8, 9].some((i) => Math.abs(m[i]) > 1e-9);
  if (!outOfPlane(a) && !outOfPlane(b)) return keyframes;
  const [da, db] = [decompose(a), decompose(b)];
  if (!da || !db) return keyframes;
  const out = [];
  for (let i = 0; i <= ROTATION_STEPS; i++) {
    const p = i / ROTATION_STEPS;
    const m = i === 0 ? a : i === ROTATION_STEPS ? b : recompose({
      perspective: lerpAll(da.perspective, db.perspective, p),
      translation: lerpAll(da.translation, db.translation, p),
      scale: lerpAll(da.scale, db.scale, p), skew: lerpAll(da.skew, db.skew, p),
      quaternion: slerp(da.quaternion, db.quaternion, p),
    });
    out.push({ ...keyframes[i === ROTATION_STEPS ? 1 : 0], offset: p, transform: `matrix3d(${m.join(", ")})` });
  }
  return out;
}

// ---- the player --------------------------------------------------------------------------------

const LAYER_BASE = {
  position: "absolute", "box-sizing": "border-box", margin: "0", left: "0px", top: "0px",
  right: "auto", bottom: "auto", "min-width": "0px", "min-height": "0px", "max-width": "none",
  "max-height": "none", translate: "none", rotate: "none", scale: "none", transition: "none",
  animation: "none", visibility: "visible",
};
const CHILD_BASE = {
  ...LAYER_BASE, width: "100%", height: "100%", transform: "none", opacity: "1",
  "pointer-events": "none",
};
// What a compact document's `style` and `contentStyle` may set, so that a swap clears it.
const DOCUMENT_PROPERTIES = ["left", "top", "width", "height", "opacity", "transform",
  "transform-origin", "border-radius", "box-shadow"];

function kebab(name) {
  return name.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase());
}

function setStyles(el, styles) {
  for (const [name, value] of Object.entries(styles)) {
    el.style.setProperty(kebab(name), typeof value === "number" ? String(value) : value);
  }
}

function cssLength(v) {
  return typeof v === "number" ? `${v}px` : v;
}

// Inline visibility as it was before any player hid an element, shared by every player (a
// present hides what its dismiss shows again).
const originalVisibility = new WeakMap();

function setHidden(el, hidden) {
  if (hidden) {
    if (!originalVisibility.has(el)) {
      originalVisibility.set(el, [el.style.getPropertyValue("visibility"),
        el.style.getPropertyPriority("visibility")]);
    }
    el.style.setProperty("visibility", "hidden");
  } else {
    const [value, priority] = originalVisibility.get(el) || ["", ""];
    originalVisibility.delete(el);
    if (value) el.style.setProperty("visibility", value, priority);
    else el.style.removeProperty("visibility");
  }
}

/** A plan request without its `retarget` member (the new request of a retarget). */
function withoutRetarget(planRequest) {
  const { retarget, ...rest } = planRequest;
  return rest;
}

function settleHidden(outcome, { from, to }) {
  if (outcome === "finished") {
    if (to) to.hidden = false;
    if (from && from !== to) from.hidden = true;
  } else if (outcome === "cancelled" || outcome === "reversed") {
    if (from) from.hidden = false;
    if (to && to !== from) to.hidden = true;
  }
}

/** Plays one waapi document (see the top of this file); `play(doc, options)` makes one. */
export class Player extends EventTarget {
  constructor(doc, options = {}) {
    super();
    if (!doc || doc.format !== "waapi" || !Array.isArray(doc.layers)) {
      throw new TypeError("play: not a waapi document (request format=waapi)");
    }
    const container = element(options.container);
    if (!container) throw new TypeError("play: a container is needed");
    if (options.replace) options.replace.dispose();
    this.container = container;
    this.screens = {
      from: element(options.screens && options.screens.from),
      to: element(options.screens && options.screens.to),
    };
    this.elements = options.elements || {};
    this.base = options.base ?? "";
    this._fetch = options.fetch || globalThis.fetch.bind(globalThis);
    this._resolve = options.resolve;
    this._keep = Boolean(options.keep);
    this._settle = options.settle ?? true;
    this._rate = options.playbackRate || 1;
    this.forward = doc;
    this.document = doc;
    this._reversed = false;
    this._state = "paused";
    this._raf = 0;
    this._abort = null;
    this._layers = [];
    this._byId = new Map();
    this._lookups = new Map();
    this.finished = new Promise((resolve) => { this._resolveFinished = resolve; });

    const size = paddingBox(container);
    if (doc.container && (Math.abs(size.width - doc.container.width) > 1 ||
        Math.abs(size.height - doc.container.height) > 1)) {
      console.warn(`transition-planner: the container is ${size.width} x ${size.height} px, ` +
        `the plan's ${doc.container.width} x ${doc.container.height}`);
    }
    if (doc.leavesOut) console.warn("transition-planner: " + (doc.note || doc.leavesOut.join(", ")));
    this._containerStyle = [container.style.getPropertyValue("isolation"),
      container.style.getPropertyValue("position")];
    container.style.setProperty("isolation", "isolate");
    if (getComputedStyle(container).position === "static") {
      container.style.setProperty("position", "relative");
    }
    this._mount(doc);
    this._apply(doc.actions && doc.actions.start);
    if (options.autoplay !== false) this.play();
  }

  // -- public state --

  get duration() { return this.document.duration; }
  get currentTime() { return this._clock ? (this._clock.currentTime ?? 0) : this.duration; }
  set currentTime(ms) { this.seek(ms); }
  get playState() { return this._state; }
  /** Whether it is going back (`reverse()` was called, or a retarget kept going back; then
   * `reverse()` is refused). */
  get reversed() { return this._reversed || this._state === "reversing"; }
  get playbackRate() { return this._rate; }
  set playbackRate(rate) {
    if (!(rate > 0)) throw new RangeError("playbackRate must be > 0");
    const running = this._state === "running";
    if (running) this.pause();
    this._rate = rate;
    for (const a of this._animations()) a.playbackRate = rate;
    if (running) this.play();
  }

  /** The element drawing layer `id` (a created div, or the screen animated in place). */
  layerElement(id) { const r = this._byId.get(id); return r ? r.el : null; }
  /** The layer's content child (the snapshot, colour or moved node), if it has one. */
  contentElement(id) { const r = this._byId.get(id); return r ? r.child : null; }

  play() {
    if (this._state === "done") return;
    if (this._fetching()) { this._playAfterSwap = true; return; }
    if (this.currentTime >= this.duration) { this._end(); return; }
    this._state = "running";
    cancelAnimationFrame(this._raf);
    // Every animation gets the same start time, in the frame that first draws it.
    this._raf = requestAnimationFrame(() => {
      this._raf = 0;
      if (this._state !== "running") return;
      const start = document.timeline.currentTime - this.currentTime / this._rate;
      for (const a of this._animations()) {
        a.playbackRate = this._rate;
        a.startTime = start;
      }
    });
  }

  pause() {
    if (this._fetching()) { this._playAfterSwap = false; return; }
    if (this._state === "done") return;
    cancelAnimationFrame(this._raf);
    this._raf = 0;
    this._hold(this.currentTime);
    this._state = "paused";
  }

  /** Moves to `ms` of the playing document (clamped to [0, duration]); keeps playing or not. */
  seek(ms) {
    if (this._state === "done" || this._fetching()) return;
    const t = Math.min(Math.max(Number(ms) || 0, 0), this.duration);
    for (const a of this._animations()) a.currentTime = t;
  }

  /** Goes back from here along the reversal plan; a Promise of the outcome. */
  reverse({ timing } = {}) {
    if (this._state === "done") return Promise.reject(new Error("reverse: the transition is over"));
    const doc = this.document;
    if (this._reversed || this._fetching() || (doc.request && doc.request.reversal)) {
      const what = this._state === "retargeting" ? "a retarget is being fetched"
        : "a reversal cannot be reversed again";
      return Promise.reject(new Error("reverse: " + what));
    }
    if (!doc.request) {
      return Promise.reject(new Error("reverse: the document has no request (an interaction?)"));
    }
    if (doc.request.retarget) {
      // A retarget plan's own reversal would start where the plan it retargeted was (its
      // `retarget.at` stays): the way back from here is a retarget to the new request's reversal.
      const plain = withoutRetarget(doc.request);
      return this._redirect("reversing", {}, async (at, options) => ({
        ...await this._wayBack(plain, timing, options),
        retarget: { from: doc.request, at },
      }));
    }
    if (this.currentTime <= 0) {
      // Not started: nothing to go back along.
      this.pause();
      this.dispatchEvent(new CustomEvent("reversing", { detail: { at: 0 } }));
      this._reversed = true;
      this._end("reversed", doc.actions && doc.actions.cancel);
      return this.finished;
    }
    return this._redirect("reversing", {}, async (at) => ({
      ...doc.request, reversal: timing ? { at, timing } : { at },
    }));
  }

  /**
   * Heads for `newRequest`'s end from where it is now: the retarget plan (the request plus
   * `"retarget": {"from": <this document's request>, "at": <its time>, "policy"?}`) starts at
   * this state with every layer's velocity, and swaps in without a jump. Going back (after
   * `reverse()`), it keeps going back, to `newRequest`'s start. A Promise of the outcome.
   */
  retarget(newRequest, { policy } = {}) {
    if (this._state === "done") return Promise.reject(new Error("retarget: the transition is over"));
    if (this._fetching()) {
      return Promise.reject(new Error(`retarget: a ${this._state === "reversing" ? "reversal" : "retarget"} is being fetched`));
    }
    const doc = this.document;
    if (!doc.request) {
      return Promise.reject(new Error("retarget: the document has no request (an interaction?)"));
    }
    if (!newRequest || typeof newRequest !== "object") {
      return Promise.reject(new TypeError("retarget: a plan request is needed"));
    }
    let plain = withoutRetarget(newRequest);
    // A dissolve in flight stays a dissolve (as reverse() keeps it): a full-motion plan from a
    // dissolve's state would pop its element layers in from their start.
    if (plain.reduceMotion == null && doc.request.reduceMotion) plain = { ...plain, reduceMotion: true };
    // Going back keeps going back: to the new request's start, along its reversal.
    const back = this._reversed && plain.reversal == null;
    return this._redirect("retargeting", { request: newRequest }, async (at, options) => ({
      ...(back ? await this._wayBack(plain, undefined, options) : plain),
      retarget: policy ? { from: doc.request, at, policy } : { from: doc.request, at },
    }));
  }

  /** Stops here: applies the cancel actions and removes the layers. */
  cancel() {
    if (this._state === "done") return;
    if (this._abort) this._abort.abort();
    // A plan going back has an empty cancel list (the flown elements would stay hidden); its
    // finish list is the forward plan's cancel list (plus, after a retarget, the removal of the
    // layers only the plan in flight had).
    const actions = this.document.actions;
    this._end("cancelled", actions && (this._reversed ? actions.finish : actions.cancel));
  }

  /** Jumps to the end and finishes (or, once reversed, completes the way back). */
  finish() {
    if (this._state === "done" || this._fetching()) return;
    this._hold(this.duration);
    this._end();
  }

  /** Ends it for good: a transition still playing is cancelled (`cancel()`); after the end,
   * what `keep` left is removed, without any action. */
  dispose() {
    if (this._state !== "done") this.cancel();
    this._teardown();
  }

  // -- internals --

  /** Whether a reversal or a retarget is being fetched (it holds still meanwhile). */
  _fetching() {
    return this._state === "reversing" || this._state === "retargeting";
  }

  /**
   * reverse() and retarget(): pauses here, dispatches `state` (the event of the same name, with
   * `detail.at` in ms), fetches the plan `build(at, options)` describes (`at` in seconds) and
   * swaps to it in one task; plays it unless paused meanwhile. On failure the transition resumes
   * as it was and the Promise rejects; otherwise it is the outcome.
   */
  _redirect(state, detail, build) {
    const doc = this.document;
    const resume = this._state === "running";
    this.pause();
    const t = this.currentTime;
    // (0, duration] in seconds: the last ulp of the ms -> s division must not pass the end, and
    // a plan not started yet is taken 1 us in (the service needs at > 0; the state there is the
    // start's within 0.01 px).
    const at = Math.max(Math.min(t, this.duration * (1 - 1e-12)), 1e-3) / 1000;
    this.dispatchEvent(new CustomEvent(state, { detail: { ...detail, at: t } }));
    this._state = state;
    this._playAfterSwap = true;
    this._abort = new AbortController();
    const options = { keyframes: doc.keyframes, reduceMotion: false, fetch: this._fetch,
      signal: this._abort.signal };
    let body = null;
    return Promise.resolve()
      .then(() => build(at, options))
      .then((built) => { body = built; return request(this.base, body, options); })
      .then((next) => {
        this._abort = null;
        if (this._state !== state) return this.finished; // cancelled meanwhile
        this._swap(next, Boolean(body.reversal));
        if (this._playAfterSwap) this.play();
        return this.finished;
      }, (error) => {
        this._abort = null;
        if (this._state === "done") return this.finished; // cancel() aborted the fetch
        if (this._state === state) {
          this._state = "paused";
          if (resume) this.play();
        }
        throw error;
      });
  }

  /** `plain` (a request without `retarget`) going back from its end: its reversal at its own
   * plan's duration, which only that plan tells (one more request, compact: the smallest). */
  async _wayBack(plain, timing, options) {
    const forward = await request(this.base, plain, { ...options, keyframes: "compact" });
    const at = forward.duration / 1000;
    return { ...plain, reversal: timing ? { at, timing } : { at } };
  }

  _animations() {
    const out = [];
    for (const rec of this._layers) out.push(...rec.anims);
    if (this._clock) out.push(this._clock);
    return out;
  }

  _hold(t) {
    for (const a of this._animations()) {
      a.pause();
      a.currentTime = t;
    }
  }

  _screen(name) {
    return name ? this.screens[name] || null : null;
  }

  _element(screenName, id) {
    const key = `${screenName || ""}\u0000${id}`;
    if (this._lookups.has(key)) return this._lookups.get(key);
    let el = null;
    if (screenName && this.elements[`${id}@${screenName}`]) el = this.elements[`${id}@${screenName}`];
    else if (this.elements[id]) el = this.elements[id];
    else {
      const selector = `[data-hero-id="${CSS.escape(id)}"]`;
      const screen = this._screen(screenName);
      el = (screen || this.container).querySelector(selector);
    }
    el = element(el);
    this._lookups.set(key, el);
    return el;
  }

  _target(target) {
    if (!target) return null;
    if (target.layer != null) return { layer: this._byId.get(target.layer) };
    if (target.element != null) return { el: this._element(target.screen, target.element) };
    if (target.screen != null) return { el: this._screen(target.screen) };
    return null;
  }

  _apply(actions) {
    for (const action of actions || []) {
      const target = this._target(action.target);
      if (!target) continue;
      if (target.layer !== undefined) {
        const rec = target.layer;
        if (!rec) continue;
        if (action.remove) this._removeLayer(rec);
        if (action.hidden != null) setHidden(rec.el, action.hidden);
        if (typeof action.alpha === "number") {
          // Over the layer's animations: !important author style wins over animations.
          rec.el.style.setProperty("opacity", String(action.alpha), "important");
        }
        continue;
      }
      const el = target.el;
      if (!el) continue;
      if (action.hidden != null) setHidden(el, action.hidden);
      if (typeof action.alpha === "number") el.style.setProperty("opacity", String(action.alpha));
    }
  }

  _context(layer) {
    const ctx = {
      layer, container: this.container,
      screen: (name) => this._screen(name),
      element: (screenName, id) => this._element(screenName, id),
      fallback: () => defaultResolve(layer.content, ctx),
    };
    return ctx;
  }

  _mount(doc) {
    for (const layer of doc.layers) {
      const rec = this._mountLayer(layer, this._layers.length);
      this._layers.push(rec);
      this._byId.set(layer.id, rec);
    }
    this._animate(doc);
  }

  /** One layer's element (and content child) in the container, at z-index `index + 1`. */
  _mountLayer(layer, index) {
    const ctx = this._context(layer);
    let shown = this._resolve ? this._resolve(layer.content, ctx) : undefined;
    if (shown === undefined) shown = ctx.fallback();
    const rec = { id: layer.id, anims: [], styled: [], childStyled: [] };
    if (shown && shown.layer && !this._layers.some((r) => r.el === shown.layer)) {
      const el = shown.layer;
      rec.el = el;
      rec.inPlace = { style: el.getAttribute("style"), hidden: el.hidden };
      el.hidden = false;
      rec.child = null;
    } else {
      rec.el = document.createElement("div");
      let child = shown && shown.layer ? snapshot(shown.layer) : shown;
      let box = null;
      if (child && !(child instanceof Node) && child.content instanceof Node) {
        box = child.box || null;
        child = child.content;
      }
      rec.child = child instanceof Node ? child : null;
      if (rec.child && rec.child.isConnected) {
        const node = rec.child;
        rec.moved = { node, marker: document.createComment("transition-planner"),
          style: node.getAttribute ? node.getAttribute("style") : null, hidden: node.hidden };
        node.replaceWith(rec.moved.marker);
        if (node.hidden) node.hidden = false;
      }
      rec.childBox = box;
    }
    rec.el.dataset.tpLayer = layer.id;
    rec.base = { ...LAYER_BASE, "z-index": String(index + 1) };
    if (!rec.inPlace) rec.base["pointer-events"] = "none";
    if (rec.child) rec.base.overflow = "hidden";
    setStyles(rec.el, rec.base);
    if (rec.child) {
      if (rec.child.nodeType === 1) {
        setStyles(rec.child, CHILD_BASE);
        if (rec.childBox) {
          const b = rec.childBox;
          setStyles(rec.child, { left: cssLength(b.left), top: cssLength(b.top),
            width: cssLength(b.width), height: cssLength(b.height) });
        }
      }
      rec.el.appendChild(rec.child);
    }
    if (!rec.inPlace) this.container.appendChild(rec.el);
    return rec;
  }

  /** The document's animations on the mounted layers, paused at 0, and the clock. */
  _animate(doc) {
    const compact = doc.keyframes === "compact";
    for (const [index, layer] of doc.layers.entries()) {
      const rec = this._layers[index];
      const childEl = rec.child && rec.child.nodeType === 1 ? rec.child : null;
      const hasRadius = compact
        ? Boolean((layer.style && layer.style.borderRadius != null) ||
          (layer.animations || []).some((a) => a.property === "cornerRadius"))
        : Boolean(layer.keyframes && layer.keyframes[0] && layer.keyframes[0].borderRadius != null);
      const hasContentBox = compact
        ? Boolean(layer.contentStyle || (layer.animations || []).some((a) => a.target === "content"))
        : Boolean(layer.contentBox);
      if (childEl && hasRadius) childEl.style.setProperty("border-radius", "0px");
      if (childEl && hasContentBox && !rec.split) {
        // The child's box is where the content is drawn, already fitted; the element's own
        // background fills the layer around it (an aspectFit photo's letterbox), as a
        // UIImageView's background colour fills its layer.
        rec.split = true;
        if (/^(img|video|canvas|picture)$/.test(childEl.localName)) {
          childEl.style.setProperty("object-fit", "fill");
          childEl.style.setProperty("object-position", "50% 50%");
        }
        const background = childEl.style.getPropertyValue("background-color");
        if (background) {
          rec.el.style.setProperty("background-color", background);
          childEl.style.setProperty("background-color", "transparent");
        }
      }
      if (compact) {
        if (layer.style) {
          setStyles(rec.el, layer.style);
          rec.styled = Object.keys(layer.style).map(kebab);
        }
        if (layer.contentStyle && childEl) {
          setStyles(childEl, layer.contentStyle);
          rec.childStyled = Object.keys(layer.contentStyle).map(kebab);
        }
        for (const animation of layer.animations || []) {
          const target = animation.target === "content" ? childEl : rec.el;
          const keyframes = animation.property === "transform"
            ? transformKeyframes(animation.keyframes) : animation.keyframes;
          if (target) rec.anims.push(target.animate(keyframes, animation.options));
        }
      } else {
        rec.anims.push(rec.el.animate(layer.keyframes, layer.options));
        if (layer.contentBox && childEl) {
          rec.anims.push(childEl.animate(layer.contentBox, layer.options));
        }
      }
    }
    this._clock = new Animation(
      new KeyframeEffect(null, null, { duration: doc.duration, fill: "both" }), document.timeline);
    this._clock.onfinish = () => {
      if (this._state === "running") this._end();
    };
    for (const a of this._animations()) a.playbackRate = this._rate;
    this._hold(0);
  }

  /**
   * Swaps to `next` (a reversal or retarget plan, whose first frame is this state) in this task,
   * so no frame shows anything between: a layer whose id it keeps keeps its element and content
   * (only its animations change), a layer only `next` has is mounted, a layer it lacks goes (a
   * retarget plan lists the layers of the plan in flight, fading out, so none does); the layers
   * take `next`'s order, then its start actions apply. Paused at `next`'s 0.
   */
  _swap(next, reversed) {
    if (this._clock) { this._clock.onfinish = null; this._clock.cancel(); this._clock = null; }
    const kept = new Map();
    const wanted = new Set(next.layers.map((l) => l.id));
    for (const rec of this._layers) {
      if (wanted.has(rec.id) && !rec.removed) {
        this._clearLayer(rec);
        kept.set(rec.id, rec);
      } else {
        this._removeLayer(rec);
      }
    }
    // Kept layers first, so that a new layer never takes a screen another one animates in place.
    this._layers = [...kept.values()];
    const order = next.layers.map((layer, index) => {
      let rec = kept.get(layer.id);
      if (!rec) {
        rec = this._mountLayer(layer, index);
        this._layers.push(rec);
        return rec;
      }
      rec.base["z-index"] = String(index + 1);
      rec.el.style.setProperty("z-index", rec.base["z-index"]);
      return rec;
    });
    this._layers = order;
    this._byId.clear();
    for (const rec of order) this._byId.set(rec.id, rec);
    this.document = next;
    this._reversed = reversed;
    this._animate(next);
    this._apply(next.actions && next.actions.start);
    this._state = "paused";
    this.dispatchEvent(new CustomEvent("swap", { detail: { document: next } }));
  }

  /** A mounted layer back to its base styles, without animations, for the next document's. */
  _clearLayer(rec) {
    for (const a of rec.anims) a.cancel();
    rec.anims = [];
    for (const name of rec.styled) rec.el.style.removeProperty(name);
    setStyles(rec.el, rec.base);
    if (rec.child && rec.child.nodeType === 1) {
      for (const name of rec.childStyled) rec.child.style.removeProperty(name);
      const b = rec.childBox;
      setStyles(rec.child, b
        ? { left: cssLength(b.left), top: cssLength(b.top), width: cssLength(b.width),
          height: cssLength(b.height) }
        : { left: "0px", top: "0px", width: "100%", height: "100%" });
    }
    rec.styled = [];
    rec.childStyled = [];
  }

  _removeLayer(rec) {
    if (rec.removed) return;
    rec.removed = true;
    for (const a of rec.anims) a.cancel();
    rec.anims = [];
    // The `hidden` attribute as it was; once the screens are settled (after `keep`), theirs.
    const restoreHidden = (node, hidden) => {
      if (!this._settled && node.hidden !== undefined) node.hidden = hidden;
    };
    if (rec.moved) {
      const { node, marker, style, hidden } = rec.moved;
      if (node.nodeType === 1) {
        if (style == null) node.removeAttribute("style"); else node.setAttribute("style", style);
      }
      marker.replaceWith(node);
      restoreHidden(node, hidden);
    }
    if (rec.inPlace) {
      const el = rec.el;
      const { style, hidden } = rec.inPlace;
      const restore = () => {
        if (style == null) el.removeAttribute("style"); else el.setAttribute("style", style);
      };
      delete el.dataset.tpLayer;
      // No CSS transition of the page's may start from the animated values: the restored
      // style is computed once with `transition: none`, then the page's own comes back.
      restore();
      el.style.setProperty("transition", "none");
      void getComputedStyle(el).opacity;
      restore();
      restoreHidden(el, hidden);
    } else {
      rec.el.remove();
    }
  }

  _teardown() {
    for (const rec of this._layers) this._removeLayer(rec);
    this._layers = [];
    this._byId.clear();
    if (this._clock) { this._clock.onfinish = null; this._clock.cancel(); this._clock = null; }
    if (this._containerStyle) {
      const [isolation, position] = this._containerStyle;
      this._containerStyle = null;
      const s = this.container.style;
      if (isolation) s.setProperty("isolation", isolation); else s.removeProperty("isolation");
      if (position) s.setProperty("position", position); else s.removeProperty("position");
    }
  }

  /** The end: actions, layers, screens, then `finished`. */
  _end(outcome, actions) {
    if (this._state === "done") return;
    cancelAnimationFrame(this._raf);
    const doc = this.document;
    if (!outcome) {
      const decision = doc.interaction && doc.interaction.decision;
      if (decision === "pending") outcome = "pending";
      else if (decision === "cancel") outcome = "cancelled";
      else outcome = this._reversed ? "reversed" : "finished";
      actions = outcome === "pending" ? [] :
        doc.actions && (decision === "cancel" ? doc.actions.cancel : doc.actions.finish);
    }
    this._state = "done";
    this._apply(actions);
    if (!this._keep && outcome !== "pending") this._teardown();
    if (this._settle === true) settleHidden(outcome, this.screens);
    else if (typeof this._settle === "function") this._settle(outcome, this.screens);
    this._settled = this._settle !== false;
    this.dispatchEvent(new CustomEvent("end", { detail: { outcome } }));
    this._resolveFinished(outcome);
  }
}

/**
 * Plays a waapi document (see the top of this file).
 * @returns {Player}
 */
export function play(doc, options) {
  return new Player(doc, options);
}

// ---- View Transitions: viewTransition() (docs/VIEWTRANSITIONS.md 7 and 12) ----------------------

const VIEW_TRANSITION_TYPE = "application/vnd.transition-planner.viewtransition+json";
const CONTAINER_LEFT = "--tp-container-left";
const CONTAINER_TOP = "--tp-container-top";
// The run playing now: a page plays one document at a time (3.7).
let currentViewTransition = null;

async function requestViewTransition(base, planRequest, fetchImpl) {
  let body = planRequest;
  if (prefersReducedMotion() && body.reduceMotion == null) body = { ...body, reduceMotion: true };
  const url = serviceURL(base, "/v1/plans");
  url.searchParams.set("format", "viewtransition");
  const response = await fetchImpl(url, {
    method: "POST", body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: VIEW_TRANSITION_TYPE },
  });
  const text = await response.text();
  let json = null;
  try { json = JSON.parse(text); } catch { json = { title: text.slice(0, 200) }; }
  if (!response.ok) throw new PlanError(response.status, json);
  return json;
}

/** The hero element `id` of a screen: `[data-hero-id]` compared by value (no escaping needed). */
function heroById(screen, id) {
  if (!screen) return null;
  for (const el of screen.querySelectorAll("[data-hero-id]")) {
    if (el.getAttribute("data-hero-id") === id) return el;
  }
  return null;
}

/** A slice's stand-in (7.2): the rectangle of the screen, as a clipped copy, fixed where the
 * rectangle is on the viewport; the copy carries no view-transition-name. */
function sliceStandIn(screen, rect, origin) {
  const box = document.createElement("div");
  box.setAttribute("data-tp-stand-in", "");
  Object.assign(box.style, {
    position: "fixed", left: `${origin.x + rect.x}px`, top: `${origin.y + rect.y}px`,
    width: `${rect.width}px`, height: `${rect.height}px`, overflow: "clip", margin: "0",
    pointerEvents: "none",
  });
  if (screen) {
    const copy = screen.cloneNode(true);
    for (const el of [copy, ...copy.querySelectorAll("*")]) {
      el.style && el.style.removeProperty("view-transition-name");
      el.removeAttribute("id");
    }
    copy.hidden = false;
    Object.assign(copy.style, {
      position: "absolute", left: `${-rect.x}px`, top: `${-rect.y}px`, margin: "0",
      width: `${screen.offsetWidth}px`, height: `${screen.offsetHeight}px`, visibility: "visible",
    });
    box.append(copy);
  }
  document.body.append(box);
  return box;
}

/** Whether a script animation moves a group's box here: a feature check, run in `ready` on the
 * document's bottom group, whose probe is cancelled at once (nothing is painted meanwhile). */
function scriptMovesGroups(root, doc) {
  if (!doc.groups.length) return true;
  const pseudoElement = `::view-transition-group(${doc.groups[0].name})`;
  let probe;
  try {
    probe = root.animate([{ width: "1.5px" }, { width: "1.5px" }],
      { duration: 1000, fill: "both", pseudoElement });
    return getComputedStyle(root, pseudoElement).width === "1.5px";
  } catch {
    return false;
  } finally {
    if (probe) probe.cancel();
  }
}

/**
 * Plays a `viewtransition` document as a View Transition of the page (see the top of this file).
 * @returns {Promise<object>} the run, once the transition has started
 */
export async function viewTransition(source, update, options = {}) {
  const {
    container = null, screens = {}, elements = {}, autoplay = true, base,
    fetch: fetchImpl = globalThis.fetch,
  } = options;
  let script = options.script ?? true;
  const doc = source && source.format === "viewtransition"
    ? source : await requestViewTransition(base, source, fetchImpl);
  const root = document.documentElement;
  const containerEl = element(container);
  const screenEl = (s) => element(screens[s]);
  const standIns = [];
  let origin = { x: 0, y: 0 };
  const resolve = (target) => {
    if (!target) return null;
    if (target.rect) {
      const box = sliceStandIn(screenEl(target.screen), target.rect, origin);
      standIns.push(box);
      return box;
    }
    if (target.screen == null) return element(elements[target.element]);
    if (target.element != null) {
      return element(elements[`${target.element}@${target.screen}`])
        || heroById(screenEl(target.screen), target.element);
    }
    return screenEl(target.screen);
  };
  const targetOf = (action) => {
    const t = action.target;
    if (t.layer != null) return null;  // pseudo-elements: gone at finished (15.27)
    if (t.screen != null && t.element != null) {
      return element(elements[`${t.element}@${t.screen}`]) || heroById(screenEl(t.screen), t.element);
    }
    if (t.screen != null) return screenEl(t.screen);
    return element(elements[t.element]);
  };
  const apply = (action) => {
    const el = targetOf(action);
    if (el && typeof action.hidden === "boolean") setHidden(el, action.hidden);
  };

  if (currentViewTransition) currentViewTransition.skip();
  if (typeof document.startViewTransition !== "function") {
    // No View Transitions here: the update and the actions, at once.
    await update?.();
    for (const action of doc.actions.start) apply(action);
    for (const action of doc.actions.finish) apply(action);
    const done = Promise.resolve();
    return {
      transition: null, document: doc, ready: done, finished: done, animations: [],
      pause() {}, play() {}, seek() {}, skip() {}, reverse: async (revert) => { await revert?.(); },
    };
  }

  const style = document.createElement("style");
  style.setAttribute("data-tp-view-transition", "");
  style.textContent = script ? doc.baseCss : doc.css;
  document.head.append(style);
  if (containerEl) {
    const r = containerEl.getBoundingClientRect();
    origin = { x: r.left + containerEl.clientLeft, y: r.top + containerEl.clientTop };
    root.style.setProperty(CONTAINER_LEFT, `${origin.x}px`);
    root.style.setProperty(CONTAINER_TOP, `${origin.y}px`);
  }
  const classes = globalThis.CSS && CSS.supports && CSS.supports("view-transition-class", "tp-a");
  const named = new Map();
  const name = (el, group) => {
    if (!el) return;
    if (!named.has(el)) named.set(el, [el.style.getPropertyValue("view-transition-name"),
      el.style.getPropertyValue("view-transition-class")]);
    el.style.setProperty("view-transition-name", group.name);
    if (classes) el.style.setProperty("view-transition-class", group.class);
  };
  const unname = () => {
    for (const [el, [previousName, previousClass]] of named) {
      if (previousName) el.style.setProperty("view-transition-name", previousName);
      else el.style.removeProperty("view-transition-name");
      if (previousClass) el.style.setProperty("view-transition-class", previousClass);
      else el.style.removeProperty("view-transition-class");
    }
    named.clear();
  };
  const removeStandIns = () => { for (const box of standIns.splice(0)) box.remove(); };

  // The old state: every old target named, and shown (it is captured as it is painted).
  for (const group of doc.groups) {
    const el = resolve(group.old);
    if (el) { setHidden(el, false); name(el, group); }
  }
  const transitionUpdate = async () => {
    unname();
    removeStandIns();
    await update?.();
    const fresh = doc.groups.map((group) => [group, resolve(group.new)]);
    const namedNew = new Set(fresh.map(([, el]) => el).filter(Boolean));
    for (const action of doc.actions.start) {
      if (action.hidden === true && namedNew.has(targetOf(action))) continue;
      apply(action);
    }
    for (const action of doc.actions.finish) {
      if (action.hidden === false && namedNew.has(targetOf(action))) apply(action);
    }
    for (const [group, el] of fresh) name(el, group);
  };
  let transition;
  try {
    transition = document.startViewTransition({ update: transitionUpdate, types: doc.types });
  } catch (error) {
    // An engine without types takes the callback alone.
    if (!(error instanceof TypeError)) throw error;
    transition = document.startViewTransition(transitionUpdate);
  }
  let animations = [];
  const ready = transition.ready.then(() => {
    // Synchronously in ready's callback: with every browser animation off, a transition with
    // no animation at its next frame finishes at once (section 6).
    if (script && !scriptMovesGroups(root, doc)) {
      // Firefox ESR 153 applies script animations to the images but not to a group's box
      // (width, height, transform): there the stylesheet plays it, which it does exactly.
      script = false;
      style.textContent = doc.css;
    }
    if (script) {
      animations = doc.animations.map((entry) => root.animate(entry.keyframes, entry.options));
    } else {
      animations = document.getAnimations().filter((a) => a.effect && a.effect.target === root
        && String(a.effect.pseudoElement || "").startsWith("::view-transition"));
    }
    if (!autoplay) for (const a of animations) { a.pause(); a.currentTime = 0; }
  });
  const cleanup = () => {
    // Script animations outlive the pseudo-elements they target: left in place (filling), they
    // would take over the next transition's pseudo-elements of the same names.
    if (script) for (const a of animations) a.cancel();
    for (const action of doc.actions.finish) apply(action);
    unname();
    removeStandIns();
    style.remove();
    root.style.removeProperty(CONTAINER_LEFT);
    root.style.removeProperty(CONTAINER_TOP);
    if (currentViewTransition === run) currentViewTransition = null;
  };
  const finished = transition.finished.then(cleanup, cleanup);
  // A rejected ready (a skipped or aborted transition) is reported by finished: not unhandled.
  ready.catch(() => {});
  const run = {
    transition, document: doc, ready, finished,
    get animations() { return animations; },
    /** Whether the animations were installed by script (`baseCss` + `animations`) or play from
     * the `css` (asked for with `script: false`, or where the feature check fell back). */
    get script() { return script; },
    pause() { for (const a of animations) a.pause(); },
    play() { for (const a of animations) a.play(); },
    seek(ms) { for (const a of animations) a.currentTime = ms; },
    skip() { transition.skipTransition(); },
    /** Section 9's way back: a reversal plan from where the animations are, played as a second
     * transition whose update is `revert` (the page's function restoring the old DOM). */
    async reverse(revert) {
      let at = 0;
      for (const a of animations) at = Math.max(at, Number(a.currentTime) || 0);
      this.pause();
      const next = await requestViewTransition(base,
        { ...doc.request, reversal: { at: Math.min(at, doc.duration) / 1000 } }, fetchImpl);
      transition.skipTransition();
      await finished;
      return viewTransition(next, revert, options);
    },
  };
  currentViewTransition = run;
  return run;
}
