// Messages that float over a page (the console's answers, the table's
// refusals, the director's ruling to a player) go, and never cover a
// control (issue 26: a toast over the ruling log for minutes, an error
// over the register button, at 200 % text a warning over Fold and Call).
//
// A floating message goes a few seconds after it came (longer for a
// refusal; the time stops while the pointer or the focus is on it, to read
// its clause), or at the person's next action — a press or a key anywhere
// else.  It is shown at the bottom of the window, else at the top, wherever
// no control is under it, else in a gap between the controls; when there
// is none, it takes a place in the page's flow instead: under the form (or row of buttons)
// the person last used, where he is looking, or at its own place.  The
// page's code only shows and hides it (``hidden``, dom.js say()); this
// module watches, and moves it again when the page scrolls, resizes or
// changes around it.

const CONTROLS =
  "button, input, select, textarea, a[href], summary, [role=button], [tabindex]:not([tabindex='-1'])";
const PLACES = ["bottom", "top"];
//: keys that move the focus or change nothing are no action
const NOT_ACTIONS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "CapsLock"]);

const overlaps = (a, b) =>
  a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/** The controls a person can see and press now, outside ``box``. */
function controlsOutside(box) {
  return [...document.querySelectorAll(CONTROLS)].filter((el) => {
    // a control disabled while an answer is awaited counts: it comes back
    if (box.contains(el)) return false;
    const rect = el.getBoundingClientRect();
    if (!(rect.width > 0 && rect.height > 0)) return false;
    return el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : true;
  });
}

/** Does ``box``, where it is now, lie over a control? */
export function coversAControl(box) {
  const rect = box.getBoundingClientRect();
  if (!rect.width || !rect.height) return false;
  return controlsOutside(box).some((el) => overlaps(rect, el.getBoundingClientRect()));
}

function setPlace(box, place, flowArea) {
  box.dataset.place = place;
  const style = box.style;
  if (place === "flow") {
    Object.assign(style, {
      position: "static",
      transform: "none",
      top: "",
      bottom: "",
      left: "",
      width: "auto",
      maxWidth: "100%",
      maxHeight: "none",
      boxShadow: "none",
      gridArea: flowArea || "",
    });
    return;
  }
  Object.assign(style, {
    position: "",
    transform: "",
    left: "",
    width: "",
    maxWidth: "",
    maxHeight: "",
    boxShadow: "",
    gridArea: "",
    top: place === "top" ? "0.5rem" : typeof place === "number" ? `${place}px` : "auto",
    bottom: place === "bottom" ? "0.75rem" : "auto",
  });
  if (typeof place === "number") box.dataset.place = "between";
}

/** The top, in the window, of the lowest gap between the controls that
 * lie across ``box``'s width where it fits (it stands at the bottom now);
 * null: there is none. */
function freeTop(box) {
  const rect = box.getBoundingClientRect();
  const gap = 6;
  const spans = controlsOutside(box)
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.left < rect.right - 1 && rect.left < r.right - 1 && r.bottom > 0 && r.top < innerHeight)
    .sort((a, b) => b.bottom - a.bottom);
  // from the bottom up: below ``floor`` every control met so far lies lower
  let floor = innerHeight - gap;
  for (const span of spans) {
    if (floor - span.bottom - gap >= rect.height) return floor - rect.height;
    floor = Math.min(floor, span.top - gap);
  }
  return floor - gap >= rect.height ? floor - rect.height : null;
}

// What the person used last: the form, the step or the row of buttons it
// was in (a step is gone once it is answered: its place stays).
let lastUsed = [];
document.addEventListener(
  "pointerdown",
  (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest("[data-floating]")) return;
    const step = target.closest(".confirm-step");
    lastUsed = [target.closest("form"), step && step.parentElement, target.closest(".row")];
  },
  true,
);

//: each moved message's stand-in at its first place
const homes = new WeakMap();

function anchorNow() {
  return lastUsed.find((el) => el && el.isConnected && el.getClientRects().length) || null;
}

/** Put ``box`` where it covers no control (see the module's comment):
 * the bottom, the top, a gap between the controls, else the flow. */
function place(box, flowArea, anchored) {
  if (box.hidden) return;
  for (const where of PLACES) {
    setPlace(box, where, flowArea);
    if (!coversAControl(box)) return;
  }
  setPlace(box, "bottom", flowArea);
  const top = freeTop(box);
  if (top !== null) {
    setPlace(box, top, flowArea);
    if (!coversAControl(box)) return;
  }
  const anchor = anchored ? anchorNow() : null;
  if (anchor && anchor.nextElementSibling !== box) {
    // a stand-in keeps its first place, so what was around it does not move
    if (!homes.has(box) && box.parentElement) {
      const home = document.createElement("div");
      home.hidden = true;
      box.before(home);
      homes.set(box, home);
    }
    anchor.after(box);
  }
  setPlace(box, "flow", flowArea);
}

/**
 * Make ``box`` a floating message.  opts: seconds (how long it stays; a
 * refusal, data-kind="error", twice as long), flowArea (its grid area when
 * it must take a place in the page's flow), anchored (in the flow, under
 * what the person last used rather than at its own place), onGone()
 * (called when it goes by itself).
 */
export function floating(box, { seconds = 6, flowArea = "", anchored = false, onGone = () => {} } = {}) {
  box.dataset.floating = "";
  let timer = null;
  let held = false; // the pointer or the focus is on it
  const stay = () => (box.dataset.kind === "error" ? 2 : 1) * seconds * 1000;

  function go() {
    clearTimeout(timer);
    timer = null;
    if (box.hidden) return;
    box.hidden = true;
    onGone();
  }

  function countDown() {
    clearTimeout(timer);
    timer = held || box.hidden ? null : setTimeout(go, stay());
  }

  function shown() {
    place(box, flowArea, anchored);
    countDown();
  }

  new MutationObserver(() => {
    if (box.hidden) {
      clearTimeout(timer);
      timer = null;
      setPlace(box, "bottom", flowArea);
    } else {
      shown();
    }
  }).observe(box, { attributes: true, attributeFilter: ["hidden"], childList: true, subtree: true, characterData: true });

  // the next action elsewhere puts it away
  const elsewhere = (event) => {
    if (!box.hidden && !box.contains(event.target)) go();
  };
  document.addEventListener("pointerdown", elsewhere, true);
  document.addEventListener(
    "keydown",
    (event) => {
      if (!NOT_ACTIONS.has(event.key)) elsewhere(event);
    },
    true,
  );

  const hold = (on) => () => {
    held = on || box.matches(":hover") || box.contains(document.activeElement);
    countDown();
  };
  box.addEventListener("pointerenter", hold(true));
  box.addEventListener("pointerleave", hold(false));
  box.addEventListener("focusin", hold(true));
  box.addEventListener("focusout", hold(false));

  // what lies under it changes as the page scrolls or resizes
  let frame = null;
  const again = () => {
    if (frame || box.hidden || box.dataset.place === "flow") return;
    frame = requestAnimationFrame(() => {
      frame = null;
      place(box, flowArea, anchored);
    });
  };
  window.addEventListener("scroll", again, { passive: true });
  window.addEventListener("resize", again);
  // and as controls come and go around it: a player's turn brings Fold and
  // Call under a warning shown while another player was to act
  new MutationObserver((records) => {
    if (records.some((record) => !box.contains(record.target))) again();
  }).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["hidden", "class", "style", "disabled"],
  });
  if (!box.hidden) shown();
  return { go };
}
