// The SuperTable sandbox's additions to SimCord's preview page (served by sandbox/doors.py, which
// adds this script to the page). Two things Discord's app does that the preview page does not:
//  1. When a message's picture changes, the old picture stays on screen until the new one is
//     decoded, then they swap: the table never flashes its alt text. A picture with nothing to
//     replace shows an empty frame while it loads, not its alt text.
//  2. Relative timestamps ("in 30 seconds") count on by themselves, against the real clock (the
//     sandbox keeps SimCord's clock on the real time).
//  3. A command option with suggestions (a game, a mode) lists them as soon as it is opened, before
//     anything is typed: the preview asks the bot only once something is typed, so an empty field
//     said "No options match" although the bot answers an empty query with every choice.
(() => {
  "use strict";
  const MESSAGE = "[data-message-id]";
  const LOCALE = "en-US"; // the preview's locale (SimCord's default, which the sandbox keeps)
  const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

  /** @param {number} seconds */
  function relativeText(seconds) { // the preview's own formula (text.js renderTimestamp)
    const absolute = Math.abs(seconds);
    const [unit, amount] = absolute < 60 ? ["second", seconds]
      : absolute < 3600 ? ["minute", seconds / 60]
        : absolute < 86400 ? ["hour", seconds / 3600]
          : absolute < 604800 ? ["day", seconds / 86400]
            : ["week", seconds / 604800];
    return relative.format(Math.round(amount), /** @type {Intl.RelativeTimeFormatUnit} */ (unit));
  }

  /** @param {HTMLImageElement} image */
  const shown = (image) => image.complete && image.naturalWidth > 0;

  /** @param {Node} node @returns {HTMLImageElement[]} */
  function images(node) {
    if (node instanceof HTMLImageElement) return [node];
    return node instanceof Element ? [...node.querySelectorAll("img")] : [];
  }

  /** The new picture waits, hidden, behind the old one until it is decoded.
   * @param {HTMLImageElement} fresh @param {HTMLImageElement} old */
  function hold(fresh, old) {
    old.dataset.sandboxHeld = "";
    fresh.hidden = true;
    fresh.before(old);
    const swap = () => {
      if (old.parentNode === fresh.parentNode) old.remove(); // else it now stands in for a newer one
      fresh.hidden = false;
    };
    fresh.addEventListener("load", () => void fresh.decode().then(swap, swap), { once: true });
    fresh.addEventListener("error", swap, { once: true });
  }

  /** @param {HTMLImageElement} image */
  function blankWhileLoading(image) {
    if (shown(image)) return;
    image.style.color = "transparent"; // the frame stays, its alt text is not drawn
    const done = () => image.style.removeProperty("color");
    image.addEventListener("load", done, { once: true });
    image.addEventListener("error", done, { once: true });
  }

  /** A message re-rendered in place: its pictures, in order, replace the ones it had.
   * @param {MutationRecord[]} records */
  function keepPictures(records) {
    /** @type {Map<Element, HTMLImageElement[]>} */
    const previous = new Map();
    for (const record of records) {
      const message = record.target instanceof Element ? record.target.closest(MESSAGE) : null;
      if (!message) continue;
      for (const node of record.removedNodes) {
        const loaded = images(node).filter(shown);
        if (loaded.length) previous.set(message, [...(previous.get(message) || []), ...loaded]);
      }
    }
    for (const record of records) {
      for (const node of record.addedNodes) {
        for (const image of images(node)) {
          if (image.dataset.sandboxHeld !== undefined || !image.isConnected) continue;
          const message = image.closest(MESSAGE);
          const before = message ? previous.get(message) : undefined;
          const old = before?.shift();
          if (old && !shown(image)) hold(image, old);
          else blankWhileLoading(image);
        }
      }
    }
  }

  /** A relative timestamp is one whose text is what the preview writes for it, give or take the
   * seconds between the snapshot and now. @param {HTMLTimeElement} time */
  function isRelative(time) {
    const at = Date.parse(time.dateTime);
    if (!Number.isFinite(at)) return false;
    const now = Date.now();
    for (let late = 0; late <= 5; late += 1) {
      if (time.textContent === relativeText((at - (now - late * 1000)) / 1000)) return true;
    }
    return false;
  }

  /** @param {MutationRecord[]} records */
  function findTimestamps(records) {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const times = node.matches("time.discord-timestamp") ? [node] : node.querySelectorAll("time.discord-timestamp");
        for (const time of times) {
          if (time instanceof HTMLTimeElement && isRelative(time)) time.dataset.sandboxRelative = "";
        }
      }
    }
  }

  function tick() {
    for (const time of document.querySelectorAll("time[data-sandbox-relative]")) {
      if (!(time instanceof HTMLTimeElement)) continue;
      const text = relativeText((Date.parse(time.dateTime) - Date.now()) / 1000);
      if (time.textContent !== text) time.textContent = text;
    }
  }

  /** An empty option field with suggestions asks for them at once, as if typed in.
   * @param {FocusEvent} event */
  function suggestAtOnce(event) {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.matches(".command-option-input[role=combobox]")) return;
    if (field.value !== "" || field.readOnly) return;
    setTimeout(() => { // after the page's own focus handling
      if (document.activeElement === field && field.value === "") {
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
    }, 0);
  }

  document.addEventListener("focusin", suggestAtOnce);
  new MutationObserver((records) => {
    keepPictures(records);
    findTimestamps(records);
  }).observe(document.documentElement, { childList: true, subtree: true });
  setInterval(tick, 1000);
})();
