// The board's page: one EventSource brings every tile's SVG and each change; nothing here runs
// on a timer but the StandBy clock. Presses go back as one POST each (docs/usage.md, "In a browser").
"use strict";

const board = document.getElementById("board");
const offline = document.getElementById("offline");
const notice = document.getElementById("notice");
const activities = document.getElementById("activities");
const darkQuery = matchMedia("(prefers-color-scheme: dark)");
const standbyQuery = matchMedia("(orientation: landscape) and (pointer: coarse) and (max-height: 1000px)");
// The size class the screen asks for, as a terminal's size chooses one: a phone's compact grids
// draw larger text across its width, a wall screen's large grids hold more.
const compactQuery = matchMedia("(max-width: 600px)");
const largeQuery = matchMedia("(min-width: 1600px) and (min-height: 900px)");
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
let source = null;
// The page's own words in the board's language, from the board's description (kept for offline starts).
let words = JSON.parse(localStorage.getItem("tiles.words") || "{}");
function word(key, values = {}) {
  return (words[key] || key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
}
function useWords() {
  document.getElementById("keys").textContent = word("keys");
  settings.querySelector(".cancel").textContent = word("cancel");
  settings.querySelector(".save").textContent = word("save");
  activities.setAttribute("aria-label", word("activities"));
}
let offlineSince = null;
let storedKey = "";
const frames = new Map();

function scheme() {
  const chosen = localStorage.getItem("tiles.scheme");
  return chosen || (darkQuery.matches ? "dark" : "light");
}

function sizeClass() {
  return compactQuery.matches ? "compact" : largeQuery.matches ? "large" : "regular";
}

let view = null;
function connect() {
  if (source) source.close();
  view = { scheme: scheme(), size: sizeClass() };
  document.documentElement.dataset.scheme = view.scheme;
  storedKey = "tiles.frames." + view.scheme + "." + view.size;
  frames.clear();
  for (const frame of JSON.parse(localStorage.getItem(storedKey) || "[]")) show(frame);
  source = new EventSource("events?scheme=" + view.scheme + "&size=" + view.size);
  source.addEventListener("board", (event) => {
    const info = JSON.parse(event.data);
    document.documentElement.dataset.scheme = info.scheme;
    document.body.classList.toggle("read-only", info.readOnly);
    document.documentElement.lang = info.language;
    words = info.words;
    remember("tiles.words", words);
    useWords();
    showActivities([]);
  });
  source.addEventListener("activities", (event) => showActivities(JSON.parse(event.data)));
  source.addEventListener("tile", (event) => show(JSON.parse(event.data)));
  source.addEventListener("ready", () => {
    offlineSince = null;
    offline.hidden = true;
    store();
  });
  source.addEventListener("notice", (event) => say(JSON.parse(event.data).message));
  source.onerror = () => {
    // EventSource tries again by itself (after the server's retry: delay); say since when it is away.
    if (offlineSince === null) offlineSince = new Date();
    offline.textContent = word("offlineSince", { time: timeFormat.format(offlineSince) });
    offline.hidden = false;
  };
}

// The live activities' banner: the board sends its rows, their timers included, as they change.
function showActivities(rows) {
  activities.replaceChildren(...rows.map((row) => {
    const pill = document.createElement("p");
    pill.className = "activity" + (row.failed ? " failed" : "");
    const part = (name, text) => {
      const span = document.createElement("span");
      span.className = name;
      span.textContent = text;
      return span;
    };
    pill.append(part("mark", row.mark), part("title", row.title), part("detail", row.detail));
    if (row.progress) {
      const bar = document.createElement("progress");
      bar.max = 1;
      bar.value = row.progress.fraction;
      pill.append(bar, part("progress-text", row.progress.text));
    }
    pill.append(part("trailing", row.trailing));
    return pill;
  }));
  activities.hidden = rows.length === 0;
}

function store() {
  remember(storedKey, [...frames.values()]);
}

function remember(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // A full storage loses the offline copy, not the board.
  }
}

function pageElement(index) {
  let page = document.getElementById("page-" + index);
  if (page) return page;
  for (let i = 0; i <= index; i++) {
    if (document.getElementById("page-" + i)) continue;
    page = document.createElement("section");
    page.id = "page-" + i;
    page.className = "page";
    page.setAttribute("aria-label", word("page", { number: i + 1 }));
    board.appendChild(page);
  }
  return page;
}

function show(frame) {
  frames.set(frame.id, frame);
  let tile = document.getElementById("tile-" + frame.id);
  if (!tile) {
    tile = document.createElement("article");
    tile.id = "tile-" + frame.id;
    tile.className = "tile";
    tile.innerHTML = '<div class="art" aria-hidden="true"></div><p class="text"></p><div class="hits"></div>'
      + '<p class="stale" tabindex="0" hidden></p>';
    pageElement(frame.page).appendChild(tile);
  } else if (tile.parentElement.id !== "page-" + frame.page) {
    pageElement(frame.page).appendChild(tile);
  }
  tile.dataset.family = frame.family;
  tile.style.setProperty("--columns", frame.columns);
  tile.style.setProperty("--rows", frame.rows);
  tile.classList.toggle("placeholder", frame.placeholder);
  tile.querySelector(".text").textContent = frame.spoken || frame.text;
  // The SVG is tiles' own (SVGRenderer escapes every text); links and labels go through the DOM.
  tile.querySelector(".art").innerHTML = frame.svg;
  const hits = tile.querySelector(".hits");
  hits.replaceChildren(...frame.targets.flatMap((target) => targetElements(frame, target)));
  const stale = tile.querySelector(".stale");
  stale.hidden = !frame.stale;
  if (frame.stale) {
    // As the terminal's corner badge: short on the tile, the reason on hover, focus and in speech.
    const since = frame.stale.since ? timeFormat.format(new Date(frame.stale.since)) : "";
    const reason = (since ? word("staleSince", { time: since }) : word("stale")) + (frame.stale.reason ? ": " + frame.stale.reason : "");
    stale.textContent = "⚠ " + since;
    stale.title = reason;
    stale.setAttribute("aria-label", reason);
  }
}

function targetElements(frame, target) {
  return target.runsOfCells.map(([x, y, width], run) => {
    let element;
    if (target.link) {
      element = document.createElement("a");
      element.href = target.link;
      element.target = "_blank";
      element.rel = "noopener noreferrer";
      if (target.runs) element.addEventListener("click", () => press(frame.id, target.index, null));
    } else {
      element = document.createElement("button");
      element.type = "button";
      element.addEventListener("click", () => {
        if (target.copy != null) navigator.clipboard?.writeText(target.copy).then(() => say(word("copied")));
        if (target.runs) press(frame.id, target.index, element);
      });
    }
    element.className = "hit";
    element.dataset.target = String(target.index);
    element.style.left = (100 * x) / frame.columns + "%";
    element.style.top = (100 * y) / frame.rows + "%";
    element.style.width = (100 * width) / frame.columns + "%";
    element.style.height = 100 / frame.rows + "%";
    if (run === 0) {
      element.setAttribute("aria-label", target.label);
      element.title = target.label;
    } else {
      element.setAttribute("aria-hidden", "true");
      element.tabIndex = -1;
    }
    return element;
  });
}

async function press(tile, target, button) {
  if (document.body.classList.contains("read-only")) return;
  // One press, one run: the control waits for the board's answer before it takes another.
  if (button) {
    if (button.disabled) return;
    button.disabled = true;
  }
  try {
    const response = await fetch("api/press", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tile, target, scheme: view.scheme, size: view.size }),
      credentials: "same-origin",
    });
    if (!response.ok) say(await response.text());
  } catch (error) {
    say(word("pressOffline"));
  } finally {
    if (button) button.disabled = false;
  }
}

let noticeTimer = null;
function say(message) {
  notice.textContent = message;
  notice.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => (notice.hidden = true), 4000);
}

// Pages: swipe (scroll snapping does it), or the terminal's keys on a keyboard.
function turnPage(step) {
  const width = board.clientWidth;
  board.scrollBy({ left: step * width, behavior: "smooth" });
}

document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement || settings.open) return;
  switch (event.key) {
    case "ArrowRight": case "]": case "l": turnPage(1); break;
    case "ArrowLeft": case "[": case "h": turnPage(-1); break;
    case "t": {
      // As the terminal's `t`: light and dark in turn, kept for this browser.
      localStorage.setItem("tiles.scheme", scheme() === "dark" ? "light" : "dark");
      connect();
      break;
    }
    case "?": document.getElementById("keys").hidden ^= true; break;
    case "e": {
      // As the terminal's `e`: the edit form of the tile that has the focus.
      const tile = document.activeElement?.closest(".tile");
      if (tile) openSettings(tile.id.slice("tile-".length));
      else say(word("editFocus"));
      break;
    }
    default: {
      // A digit presses that hint's link or control, as the terminal's hints do.
      const hits = [...document.querySelectorAll(".hit[aria-label]")];
      const digit = Number.parseInt(event.key, 10);
      if (digit >= 1 && digit <= hits.length) hits[digit - 1].click();
    }
  }
});

// A tile's edit form: a long press or a right click on the tile, or `e`, as the terminal's `e`.
const settings = document.getElementById("settings");
let longPress = null;
board.addEventListener("pointerdown", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile || event.button !== 0) return;
  const start = { x: event.clientX, y: event.clientY };
  clearTimeout(longPress?.timer);
  longPress = {
    start,
    fired: false,
    timer: setTimeout(() => {
      longPress.fired = true;
      openSettings(tile.id.slice("tile-".length));
    }, 550),
  };
});
board.addEventListener("pointermove", (event) => {
  if (longPress && Math.hypot(event.clientX - longPress.start.x, event.clientY - longPress.start.y) > 10) clearTimeout(longPress.timer);
});
for (const name of ["pointerup", "pointercancel", "scroll"]) board.addEventListener(name, () => clearTimeout(longPress?.timer));
// The click that ends a long press opens the form, not the control under the finger.
board.addEventListener("click", (event) => {
  if (longPress?.fired) {
    event.preventDefault();
    event.stopPropagation();
    longPress = null;
  }
}, true);
board.addEventListener("contextmenu", (event) => {
  const tile = event.target.closest(".tile");
  if (!tile) return;
  event.preventDefault();
  clearTimeout(longPress?.timer);
  openSettings(tile.id.slice("tile-".length));
});

async function openSettings(id) {
  if (document.body.classList.contains("read-only")) return say(word("readOnly"));
  let form;
  try {
    const response = await fetch("api/settings?tile=" + encodeURIComponent(id), { credentials: "same-origin" });
    if (!response.ok) return say(await response.text());
    form = await response.json();
  } catch (error) {
    return say(word("settingsOffline"));
  }
  settings.querySelector("h2").textContent = form.title;
  settings.querySelector(".where").textContent = word(form.savesToFile ? "savesToFile" : "savesForRun");
  settings.querySelector(".error").textContent = "";
  settings.querySelector(".fields").replaceChildren(...form.fields.map(fieldElement));
  settings.onsubmit = (event) => {
    event.preventDefault();
    saveSettings(form);
  };
  settings.querySelector(".cancel").onclick = () => settings.close();
  settings.showModal();
}

function fieldElement(field) {
  const label = document.createElement("label");
  label.className = "field";
  const title = document.createElement("span");
  title.textContent = field.title;
  let input;
  switch (field.kind) {
    case "bool":
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = field.value === true;
      label.append(input, title);
      break;
    case "choice":
    case "multiple": {
      if (field.kind === "choice") {
        input = document.createElement("select");
        for (const option of field.options) input.append(new Option(option.title, option.value, false, option.value === field.value));
        label.append(title, input);
        break;
      }
      const chosen = new Set(field.value);
      const box = document.createElement("fieldset");
      const legend = document.createElement("legend");
      legend.textContent = field.title + " (" + word("upTo", { count: field.count }) + ")";
      box.append(legend);
      for (const option of field.options) {
        const item = document.createElement("label");
        const check = document.createElement("input");
        check.type = "checkbox";
        check.value = option.value;
        check.checked = chosen.has(option.value);
        item.append(check, document.createTextNode(option.title));
        box.append(item);
      }
      box.dataset.key = field.key;
      box.dataset.kind = field.kind;
      return box;
    }
    default:
      input = document.createElement("input");
      if (field.kind === "integer") {
        input.type = "number";
        input.step = "1";
        if (field.minimum != null) input.min = field.minimum;
        if (field.maximum != null) input.max = field.maximum;
      } else {
        input.type = "text";
        if (field.maxLength != null) input.maxLength = field.maxLength;
        if (field.expected) input.title = field.expected;
      }
      input.required = field.kind === "integer";
      input.value = String(field.value);
      label.append(title, input);
  }
  label.dataset.key = field.key;
  label.dataset.kind = field.kind;
  return label;
}

async function saveSettings(form) {
  const values = {};
  for (const element of settings.querySelectorAll(".fields > [data-key]")) {
    const { key, kind } = element.dataset;
    if (kind === "multiple") values[key] = [...element.querySelectorAll("input:checked")].map((check) => check.value);
    else if (kind === "bool") values[key] = element.querySelector("input").checked;
    else if (kind === "integer") values[key] = Number.parseInt(element.querySelector("input").value, 10);
    else values[key] = element.querySelector("input, select").value;
  }
  const error = settings.querySelector(".error");
  try {
    const response = await fetch("api/settings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ tile: form.tile, member: form.member, values }),
      credentials: "same-origin",
    });
    const text = (await response.text()).trim();
    if (!response.ok) {
      error.textContent = text;
      return;
    }
    settings.close();
    say(text);
  } catch (failure) {
    error.textContent = word("saveOffline");
  }
}

// StandBy on a landscape phone or tablet: a large clock beside the first two tiles.
const clock = document.getElementById("standby-clock");
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
let clockTimer = null;
function standby() {
  document.body.classList.toggle("standby", standbyQuery.matches);
  clearTimeout(clockTimer);
  if (!standbyQuery.matches) return;
  const tick = () => {
    const now = new Date();
    clock.textContent = clockFormat.format(now);
    clockTimer = setTimeout(tick, 60000 - (now.getSeconds() * 1000 + now.getMilliseconds()));
  };
  tick();
}

darkQuery.addEventListener("change", () => { if (!localStorage.getItem("tiles.scheme")) connect(); });
for (const query of [compactQuery, largeQuery]) query.addEventListener("change", () => { if (sizeClass() !== view.size) connect(); });
standbyQuery.addEventListener("change", standby);
if ("serviceWorker" in navigator && window.isSecureContext) navigator.serviceWorker.register("sw.js");
standby();
// The words kept from the last visit, until the board sends its own; the page's English until then.
if (words.keys) useWords();
connect();
