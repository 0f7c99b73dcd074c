// @ts-check
// Swipe gestures on the tinder-swipe lander (docs/product.md §2.24), the one lander with a script: drag the card
// right to like it, left to skip it; the arrow keys do the same. Each presses the card's own Like or Skip button, so
// what follows is the page's GET form, exactly as without JavaScript. Served as it is written (no bundling), so it is
// plain JavaScript that TypeScript checks from this file's JSDoc.

/** How far (px) a card is dragged before letting go counts as a choice, as in the members' swipe game. */
const choiceDistance = 100;

const card = /** @type {HTMLElement | null} */ (document.querySelector("[data-swipe-card]"));
const like = card?.querySelector("button[name=like]");
const skip = card?.querySelector("button:not([name])");

if (card && like instanceof HTMLButtonElement && skip instanceof HTMLButtonElement && like.form) {
  const form = like.form;
  /** @type {number | null} */
  let start = null;
  let chosen = false;

  /** @param {HTMLButtonElement} button */
  const choose = (button) => {
    if (chosen) return;
    chosen = true;
    card.classList.add(button === like ? "swiped-right" : "swiped-left");
    form.requestSubmit(button);
  };
  /** @param {number} moved */
  const follow = (moved) => {
    card.style.transform = moved ? `translateX(${moved}px) rotate(${moved / 20}deg)` : "";
    // The button the card is headed for lights up, so the member sees what letting go will do.
    like.classList.toggle("active", moved > choiceDistance);
    skip.classList.toggle("active", moved < -choiceDistance);
  };

  card.addEventListener("pointerdown", (event) => {
    // The buttons keep their own click; a second finger or mouse button does not start a drag.
    if (
      chosen ||
      !event.isPrimary ||
      event.button !== 0 ||
      (event.target instanceof Element && event.target.closest("button"))
    )
      return;
    start = event.clientX;
    card.setPointerCapture(event.pointerId);
    card.classList.add("dragging");
  });
  card.addEventListener("pointermove", (event) => {
    if (start !== null) follow(event.clientX - start);
  });
  /** @param {PointerEvent} event */
  const release = (event) => {
    if (start === null) return;
    const moved = event.type === "pointercancel" ? 0 : event.clientX - start;
    start = null;
    card.classList.remove("dragging");
    if (moved > choiceDistance) choose(like);
    else if (moved < -choiceDistance) choose(skip);
    else follow(0);
  };
  card.addEventListener("pointerup", release);
  card.addEventListener("pointercancel", release);

  document.addEventListener("keydown", (event) => {
    const typing = event.target instanceof HTMLElement && event.target.closest("input, textarea, select");
    if (typing || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key === "ArrowRight") choose(like);
    else if (event.key === "ArrowLeft") choose(skip);
  });

  // Back from the next card, the browser may show this page as it was left: the card thrown off, the form sent.
  window.addEventListener("pageshow", (event) => {
    if (!event.persisted) return;
    chosen = false;
    card.classList.remove("swiped-right", "swiped-left");
    follow(0);
  });
}
