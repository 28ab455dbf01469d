// The referee's playground: deals a game, shows every seat's view beside the spectator's, plays
// the legal actions, asks a bot for a seat's move or lets it play a seat (Suggest), sends a
// hand-edited action, and steps through the log with Replay. Every
// call is Connect/JSON to this page's own origin, the referee that serves it; the page keeps the
// game (setup, log, state) and the server keeps nothing. Views are laid out from schema.json
// (the proto's messages and enums), so every field shows with its proto name and its default.

const SERVICE = "/referee.v1.RefereeService/";
const $ = (id) => document.getElementById(id);

/** A refused call: Connect's error code, message and details (with their `debug` JSON). */
class RpcError extends Error {
  constructor(status, body) {
    super(body.message ?? `HTTP ${status}`);
    this.code = body.code ?? "unknown";
    this.details = body.details ?? [];
  }
}

async function call(method, request) {
  const response = await fetch(SERVICE + method, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(request),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = { message: text };
  }
  if (!response.ok) throw new RpcError(response.status, body);
  return body;
}

/** What the page holds: the game's setup and log, and the state shown (after `at` actions). */
const app = {
  schema: null,
  games: [],
  info: null,
  arm: null,
  setup: null,
  serverSeed: undefined,
  steps: [],
  at: 0,
  state: null,
  work: Promise.resolve(),
  /** Seats the bot plays: each time one of them is to act, its suggestion is applied. */
  bots: new Set(),
};

/** Runs one user operation after the previous one; a failure is shown, never thrown. */
function run(operation) {
  app.work = app.work.then(async () => {
    document.body.dataset.busy = "true";
    try {
      await operation();
    } catch (err) {
      showProblem(err);
    } finally {
      document.body.dataset.busy = "false";
    }
  });
  return app.work;
}

// ---- the schema: the proto's messages and enums ----

const messageOf = (type) => app.schema.messages[type];
const fieldsOf = (type) => messageOf(type)?.fields ?? [];

/** An enum value's name without its enum's prefix, in lower case: `PORT_ROYAL_COLOUR_BLUE` → `blue`. */
function enumWord(type, value) {
  const names = Object.values(app.schema.enums[type] ?? {});
  const unset = names.find((n) => n.endsWith("_UNSPECIFIED"));
  const prefix = unset ? unset.slice(0, -"UNSPECIFIED".length) : "";
  const name = typeof value === "number" ? (app.schema.enums[type]?.[value] ?? String(value)) : String(value);
  return (name.startsWith(prefix) ? name.slice(prefix.length) : name).toLowerCase().replaceAll("_", " ");
}

function defaultOf(field) {
  switch (field.type) {
    case "bool": return false;
    case "string": return "";
    case "bytes": return "";
    case "enum": return app.schema.enums[field.ref]?.[0] ?? "";
    default: return 0;
  }
}

/** The oneof arm (its JSON name) a game's GameInfo fills, e.g. `portRoyal`. */
function armOf(info) {
  const arms = fieldsOf("referee.v1.GameInfo").filter((f) => f.oneof === "components");
  return arms.find((f) => info[f.json] !== undefined)?.json
    ?? arms.find((f) => f.name === info.game.replaceAll("-", "_"))?.json;
}

// ---- small DOM helpers ----

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

const words = (name) => name.replaceAll("_", " ");
const chip = (text, cls = "") => el("span", { class: `chip ${cls}` }, text);
const empty = () => el("span", { class: "empty" }, "—");

// ---- each game's pieces, drawn from its ListGames components ----

/** Port Royal: card ids as cards, contract ids by name. */
function portRoyalHooks(components) {
  const card = (id) => {
    const c = components.cards?.[id];
    if (!c) return el("span", { class: "card hidden" }, `card ${id}`);
    if (c.ship) {
      const colour = enumWord("referee.v1.PortRoyalColour", c.ship.colour ?? 0);
      return el("span", { class: `card ${colour}`, title: `card ${id}` }, el("b", {}, `${colour} ship`),
        `${c.ship.coins ?? 0} coins · ${c.ship.swords ?? 0} ⚔`);
    }
    if (c.person) {
      const colour = enumWord("referee.v1.PortRoyalColour", c.person.colour ?? 0);
      return el("span", { class: `card ${colour}`, title: `card ${id}` },
        el("b", {}, enumWord("referee.v1.PortRoyalPerson", c.person.person ?? 0)),
        `cost ${c.person.cost ?? 0} · ${c.person.victoryPoints ?? 0} VP`);
    }
    if (c.expedition) {
      const e = c.expedition;
      const needs = [["anchors", "⚓"], ["crosses", "✝"], ["houses", "⌂"]]
        .filter(([k]) => e[k]).map(([k, s]) => `${e[k]}${s}`).join(" ");
      return el("span", { class: "card", title: `card ${id}` }, el("b", {}, "expedition"),
        `${needs} → ${e.victoryPoints ?? 0} VP, ${e.coins ?? 0} coins`);
    }
    if (c.tax) {
      return el("span", { class: "card", title: `card ${id}` }, el("b", {}, "tax"),
        enumWord("referee.v1.PortRoyalTax", c.tax));
    }
    return el("span", { class: "card" }, `card ${id}`);
  };
  const cards = (ids) => (ids?.length ? el("div", { class: "chips" }, ids.map(card)) : empty());
  const contract = (id) => {
    const c = components.contracts?.[id ?? 0];
    return c ? el("span", { class: "card", title: `contract ${id ?? 0}: ${c.requirement}` },
      el("b", {}, c.name), c.requirement) : chip(`contract ${id ?? 0}`);
  };
  return {
    fields: {
      harbor: cards,
      expedition_row: cards,
      display: cards,
      card: (id) => card(id ?? 0),
      contract: (id, field, parent) => (field.optional && parent?.contract === undefined ? null : contract(id)),
    },
    types: {},
  };
}

/** Village: members by their place, customers by their demand, cubes as cubes, cities by name. */
function villageHooks(components) {
  const set = components.set ?? {};
  const generations = set.family?.generations ?? [];
  const generationOf = (index) => {
    let seen = 0;
    for (let g = 0; g < generations.length; g += 1) {
      seen += generations[g];
      if (index < seen) return g + 1;
    }
    return generations.length;
  };
  const city = (i) => set.travel?.cities?.[i]?.id ?? `city ${i}`;
  const place = (code) => {
    const kind = Math.floor(code / 1000);
    const detail = code % 1000;
    switch (app.schema.enums["referee.v1.VillagePlace"]?.[kind]) {
      case "VILLAGE_PLACE_BUILDING": return enumWord("referee.v1.VillageBuilding", detail);
      case "VILLAGE_PLACE_COUNCIL": return `council ${detail}`;
      case "VILLAGE_PLACE_CITY": return `city ${city(detail)}`;
      case "VILLAGE_PLACE_WINDOW": return `window ${detail}`;
      case "VILLAGE_PLACE_GRAVE": return `grave ${detail}`;
      case "VILLAGE_PLACE_CHRONICLE":
        return `chronicle: ${enumWord("referee.v1.VillageSection", Math.floor(detail / 100))} ${detail % 100}`;
      default: return enumWord("referee.v1.VillagePlace", kind);
    }
  };
  const members = (codes) => {
    if (!codes?.length) return empty();
    const born = codes.map((code, i) => ({ code, i }))
      .filter(({ code }) => app.schema.enums["referee.v1.VillagePlace"]?.[Math.floor(code / 1000)] !== "VILLAGE_PLACE_RESERVE");
    const reserve = codes.length - born.length;
    return el("div", { class: "chips" },
      born.map(({ code, i }) => chip(`g${generationOf(i)} ${place(code)}`)),
      reserve ? chip(`${reserve} in reserve`, "empty") : null);
  };
  const piece = (p) => enumWord("referee.v1.VillageComponentSet.Piece", p);
  const customer = (id) => {
    const c = set.customers?.[id ?? 0];
    return c ? el("span", { class: "card", title: `customer ${id ?? 0}` }, el("b", {}, `customer ${id ?? 0}`),
      `${(c.demand ?? []).map(piece).join(" + ")} → ${c.prestige ?? 0} prestige`) : chip(`customer ${id ?? 0}`);
  };
  const cubes = (pool) => {
    const entries = Object.entries(pool ?? {}).filter(([, n]) => n);
    if (!entries.length) return empty();
    return el("span", { class: "chips" }, entries.map(([colour, n]) =>
      chip(el("span", {}, el("span", { class: `cube ${colour}` }), `${n} ${colour}`))));
  };
  const spaceNames = app.schema.enums["referee.v1.VillageSpace"] ?? {};
  return {
    fields: {
      members,
      customers: (ids) => (ids?.length ? el("div", { class: "chips" }, ids.map(customer)) : empty()),
      customer: (id, field, parent) => (parent?.customer === undefined && field.optional ? empty() : customer(id)),
      markers: (ids) => (ids?.length ? el("div", { class: "chips" }, ids.map((i) => chip(city(i)))) : empty()),
      spaces: (pools) => el("div", { class: "fields" }, (pools ?? []).flatMap((pool, i) => [
        el("span", { class: "key" }, enumWord("referee.v1.VillageSpace", spaceNames[i + 1] ?? i + 1)),
        el("span", { class: "value" }, cubes({ ...pool.cubes, plague: pool.plague })),
      ])),
    },
    types: {
      "referee.v1.VillageCubes": cubes,
    },
  };
}

/** Each game's drawings of its pieces, by its oneof arm; a game without is drawn field by field. */
const HOOKS = { portRoyal: portRoyalHooks, village: villageHooks };
const HOOKS_NONE = { fields: {}, types: {} };

// ---- the generic layout: a message as a box of its fields ----

/** A field's value drawn: a hook's drawing, cards, boxes, chips or a count. */
function drawField(field, value, parent, hooks) {
  const hook = hooks.fields[field.name];
  if (hook) return hook(value, field, parent);
  const message = field.type === "message" ? messageOf(field.ref) : null;
  if (message?.map) {
    const entries = Object.entries(value ?? {});
    return entries.length ? el("span", { class: "chips" }, entries.map(([k, v]) => chip(`${k}: ${v}`))) : empty();
  }
  if (field.repeated) {
    if (!value?.length) return empty();
    if (message) return el("div", {}, value.map((v, i) => drawMessage(field.ref, v, hooks, `${i}`)));
    return el("span", { class: "chips" }, value.map((v) => chip(scalar(field, v))));
  }
  if (message) {
    if (value === undefined) return null;
    return drawMessage(field.ref, value, hooks);
  }
  if (value === undefined && (field.optional || field.oneof)) return null;
  return el("span", { class: "count" }, scalar(field, value ?? defaultOf(field)));
}

function scalar(field, value) {
  if (field.type === "enum") return enumWord(field.ref, value);
  if (field.type === "bytes") return value ? `${Math.floor((value.length * 3) / 4)} bytes` : "none";
  if (field.type === "bool") return value ? "yes" : "no";
  return String(value);
}

/** Whether a message is only counts (goods, supplies): drawn as chips of the non-zero ones. */
const isCounts = (type) => fieldsOf(type).length > 1
  && fieldsOf(type).every((f) => f.type === "uint32" && !f.repeated && !f.optional && !f.oneof);

function drawCounts(type, value) {
  const chips = fieldsOf(type).filter((f) => value?.[f.json])
    .map((f) => chip(`${value[f.json]} ${words(f.name)}`));
  return chips.length ? el("span", { class: "chips" }, chips) : empty();
}

/** A message as a box: a title and its fields in proto order (an enum left unset is left out). */
function drawMessage(type, value, hooks, title = null, skip = []) {
  const typeHook = hooks.types[type];
  if (typeHook) return typeHook(value);
  if (isCounts(type) && title === null) return drawCounts(type, value);
  const grid = el("div", { class: "fields" });
  for (const field of fieldsOf(type)) {
    if (skip.includes(field.name)) continue;
    if (field.type === "enum" && !field.repeated && !value?.[field.json]) continue;
    const drawn = drawField(field, value?.[field.json], value, hooks);
    if (drawn === null) continue;
    grid.append(el("span", { class: "key" }, words(field.name)), el("span", { class: "value" }, drawn));
  }
  return el("div", { class: "box" }, title === null ? null : el("div", { class: "title" }, title), grid);
}

// ---- the page's parts ----

/** Brings a panel that was just filled into sight: the buttons that fill it may be far below. */
function reveal(panel) {
  panel.scrollIntoView({ block: "nearest" });
}

function showProblem(err) {
  const panel = $("problem");
  panel.replaceChildren();
  $("answer").hidden = true;
  if (!err) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  reveal(panel);
  if (err instanceof RpcError) {
    panel.append(el("h2", {}, "Refused by the server"), el("div", {}, el("code", { id: "problem-code" }, err.code), " ",
      el("span", { id: "problem-message" }, err.message)));
    for (const detail of err.details) {
      panel.append(el("div", { class: "note" }, detail.type));
      const violations = detail.debug?.fieldViolations ?? [];
      if (violations.length) {
        panel.append(el("table", {}, violations.map((v) =>
          el("tr", {}, el("td", { class: "field-path" }, v.field), el("td", {}, v.description)))));
      } else if (detail.debug) {
        panel.append(el("pre", {}, JSON.stringify(detail.debug, null, 1)));
      }
    }
  } else if (err.violation) {
    const v = err.violation;
    panel.append(el("h2", {}, err.title ?? "Illegal action"), el("div", {}, el("code", { id: "problem-code" }, v.code), " ",
      el("span", { id: "problem-message" }, v.message)));
    const details = Object.entries(v.details ?? {});
    if (details.length) {
      panel.append(el("table", { id: "problem-details" }, details.map(([k, d]) => el("tr", {}, el("td", {}, k), el("td", {}, d)))));
    }
  } else {
    panel.append(el("h2", {}, "Error"), el("div", { id: "problem-message" }, String(err.message ?? err)));
  }
}

/** An answer that is no refusal (a legal action, a bot's suggestion), in a panel of its own. */
function showNote(text, title = "Legal") {
  $("problem").hidden = true;
  const panel = $("answer");
  panel.hidden = false;
  panel.replaceChildren(el("h2", {}, title), el("div", { id: "answer-message" }, text));
  reveal(panel);
}

/** A finished game's score sheet: a row per seat, a column per scoring category, then the
 * total, the tie-breakers, the rank and the winners (and a cooperative game's outcome). */
function drawResult(result) {
  const seats = result.seats ?? [];
  const categories = [...new Set(seats.flatMap((s) => (s.breakdown ?? []).map((i) => i.category)))];
  const breakers = seats.find((s) => s.tieBreakerNames?.length)?.tieBreakerNames ?? [];
  const head = el("tr", {}, el("th", {}, "seat"), ...categories.map((c) => el("th", {}, c)),
    el("th", {}, "score"), ...breakers.map((b) => el("th", {}, b)), el("th", {}, "rank"), el("th", {}, ""));
  const rows = seats.map((s) => {
    const points = new Map((s.breakdown ?? []).map((i) => [i.category, i.points ?? 0]));
    return el("tr", { class: s.winner ? "winner" : "" }, el("td", {}, `seat ${s.seat ?? 0}`),
      ...categories.map((c) => el("td", {}, String(points.get(c) ?? 0))),
      el("td", {}, el("b", {}, String(s.score ?? 0))),
      ...breakers.map((_, i) => el("td", {}, String(s.tieBreakers?.[i] ?? 0))),
      el("td", {}, String(s.rank ?? 0)), el("td", {}, s.winner ? "wins" : ""));
  });
  const coop = result.cooperative;
  const outcome = coop ? el("div", {}, `The team ${coop.won ? "wins" : "loses"}`,
    coop.rating ? ` · rating ${coop.rating}` : "", ` · victory pile ${coop.victoryPile ?? 0}`) : null;
  return el("div", { id: "result" }, outcome, el("table", { class: "score-sheet" }, head, ...rows));
}

function drawStatus(status, view) {
  const result = status.result ? drawResult(status.result) : null;
  $("status").replaceChildren(
    el("h2", {}, `${app.info?.title ?? ""} · ${view.rulesVersion}`),
    el("div", { id: "status-line" },
      `sequence ${view.sequence ?? 0} · phase ${status.phase || "—"} · `,
      status.finished ? el("b", {}, "finished") : `to act: ${(status.toAct ?? []).map((s) => `seat ${s}`).join(", ") || "nobody"}`,
      status.freeToAct?.length ? ` · free to act: ${status.freeToAct.map((s) => `seat ${s}`).join(", ")}` : ""),
    result ?? "");
}

function drawActions(legal) {
  const defaults = new Set((legal.defaultActions ?? []).map((a) => JSON.stringify(a)));
  const bySeat = new Map();
  (legal.actions ?? []).forEach((action, i) => {
    const seat = action.seat ?? 0;
    if (!bySeat.has(seat)) bySeat.set(seat, []);
    bySeat.get(seat).push({ action, text: legal.descriptions?.[i] ?? JSON.stringify(action) });
  });
  const rows = [...bySeat.entries()].map(([seat, entries]) => el("div", { class: "seat-actions" },
    el("b", {}, `seat ${seat}`),
    entries.map(({ action, text }) => el("span", {
      class: `action${defaults.has(JSON.stringify(action)) ? " default" : ""}`,
    },
    el("button", { type: "button", class: "play", title: JSON.stringify(action), onclick: () => run(() => apply(action, text)) }, text),
    el("button", { type: "button", class: "edit", title: "edit this action", onclick: () => edit(action) }, "✎")))));
  $("actions").replaceChildren(...(rows.length ? rows : [el("span", { class: "empty" }, "no legal actions")]), drawBots());
  if (!$("editor").value && legal.actions?.length) edit(legal.actions[0]);
}

/** Per seat: ask the bot for a move (shown and put in the editor), or let it play the seat. */
function drawBots() {
  const players = app.seatCount ?? 0;
  const seats = [...Array(players).keys()].map((seat) => el("span", { class: "bot", "data-seat": seat },
    el("button", { type: "button", class: "suggest", onclick: () => run(() => suggest(seat)) }, `suggest for seat ${seat}`),
    el("label", {},
      el("input", {
        type: "checkbox", class: "autoplay", ...(app.bots.has(seat) ? { checked: "" } : {}),
        onchange: (e) => {
          if (e.target.checked) app.bots.add(seat); else app.bots.delete(seat);
          run(() => botTurn());
        },
      }),
      ` let the bot play seat ${seat}`)));
  return el("div", { id: "bots" }, el("b", {}, "bots"), seats);
}

/** The bot's move for `seat` (BOT_LEVEL_SEARCH at the default budget of the game and mode). */
async function askBot(seat) {
  const answer = await call("Suggest", { state: app.state, seat, level: "BOT_LEVEL_SEARCH", seed: String(app.at) });
  if (answer.violation) {
    showProblem({ violation: answer.violation });
    return null;
  }
  return answer;
}

async function suggest(seat) {
  const answer = await askBot(seat);
  if (!answer) return;
  edit(answer.action);
  const top = (answer.candidates ?? []).slice(0, 3)
    .map((c) => `${c.description} (${c.visits ?? 0} visits, ${(c.value ?? 0).toFixed(2)})`);
  showNote(`The bot suggests: ${answer.description} — after ${answer.iterations ?? 0} iterations over ${answer.worlds ?? 0} worlds dealt from seat ${seat}'s view. Best: ${top.join("; ")}`, "Bot");
}

/** While a seat the bot plays is to act, the bot moves (one move per operation). */
async function botTurn() {
  const status = app.status ?? {};
  const seat = status.finished ? undefined : (status.toAct ?? []).find((s) => app.bots.has(s));
  if (seat === undefined) return;
  const answer = await askBot(seat);
  if (answer) await apply(answer.action, answer.description);
}

function edit(action) {
  $("editor").value = JSON.stringify(action, null, 2);
}

function drawEvents(events) {
  $("events").replaceChildren(...(events ?? []).map((e) => el("li", {}, e.description || JSON.stringify(e))));
}

/** An action without its description (a pasted log): its seat and its move's oneof arms. */
function summary(action) {
  const path = [];
  let move = Object.entries(action).find(([k]) => k !== "seat" && k !== "expectedSequence");
  while (move && move[1] && typeof move[1] === "object" && !Array.isArray(move[1])) {
    path.push(move[0]);
    move = Object.entries(move[1])[0];
  }
  return `seat ${action.seat ?? 0}: ${path.join(" ") || "(no move)"}`;
}

function drawLog() {
  const replayable = app.setup !== null;
  $("log").replaceChildren(...app.steps.map((s, i) => el("li", {
    class: i + 1 === app.at ? "current" : i + 1 > app.at ? "ahead" : "",
    onclick: replayable ? () => run(() => step(i + 1)) : null,
  }, s.text ?? summary(s.action))));
  $("position").textContent = `${app.at} / ${app.steps.length}`;
  $("first").disabled = !replayable || app.at === 0;
  $("back").disabled = !replayable || app.at === 0;
  $("forward").disabled = !replayable || app.at >= app.steps.length;
  $("last").disabled = !replayable || app.at >= app.steps.length;
}

/** The spectator's table (everything but the seats), and the seats as each viewer sees them. */
function drawViews(spectator, seatViews, status) {
  const hooks = (HOOKS[app.arm] ?? (() => HOOKS_NONE))(app.info?.[app.arm] ?? {});
  const viewType = fieldsOf("referee.v1.GameView").find((f) => f.json === app.arm)?.ref;
  const seatsField = fieldsOf(viewType).find((f) => f.name === "seats");
  const game = spectator[app.arm] ?? {};
  const table = el("div", { class: "table-fields" });
  const general = el("div", { class: "fields" });
  for (const field of fieldsOf(viewType)) {
    if (field === seatsField) continue;
    const drawn = drawField(field, game[field.json], game, hooks);
    if (drawn === null) continue;
    const boxed = field.repeated || field.type === "message" || hooks.fields[field.name];
    if (boxed) {
      table.append(el("div", { class: "box", "data-field": field.name }, el("div", { class: "title" }, words(field.name)), drawn));
    } else {
      general.append(el("span", { class: "key" }, words(field.name)), el("span", { class: "value" }, drawn));
    }
  }
  table.prepend(el("div", { class: "box" }, el("div", { class: "title" }, "general"), general));
  $("table").replaceChildren(table);

  const toAct = new Set(status.toAct ?? []);
  const viewers = [...seatViews.map((v, s) => ({ title: `Seat ${s} sees`, view: v })), { title: "Spectator sees", view: spectator }];
  $("views").replaceChildren(...viewers.map(({ title, view }) => {
    const mine = view[app.arm] ?? {};
    const seats = (mine[seatsField?.json] ?? []).map((seat, s) => {
      const box = drawMessage(seatsField.ref, seat, hooks, `seat ${s}${view.viewer === s ? " (itself)" : ""}`);
      if (toAct.has(s)) box.classList.add("turn");
      return box;
    });
    // What this viewer sees of the table that the spectator does not.
    const differs = fieldsOf(viewType).filter((f) => f !== seatsField
      && JSON.stringify(mine[f.json]) !== JSON.stringify(game[f.json]));
    const extra = differs.length
      ? drawMessage(viewType, mine, hooks, "also differs from the spectator's", fieldsOf(viewType).filter((f) => !differs.includes(f)).map((f) => f.name))
      : null;
    return el("div", { class: "viewer", "data-viewer": view.viewer ?? "spectator" }, el("h3", {}, title), seats, extra);
  }));
}

// ---- what the buttons do ----

/** Shows `state`: its legal actions, the spectator's and each seat's views, and `events`. */
async function show(state, events) {
  app.state = state;
  const legal = await call("LegalActions", { state });
  const spectator = (await call("View", { state })).view;
  const players = (spectator[app.arm]?.seats ?? []).length;
  const seatViews = await Promise.all([...Array(players).keys()].map(async (seat) => (await call("View", { state, seat })).view));
  app.seatCount = players;
  app.status = legal.status ?? {};
  drawStatus(legal.status ?? {}, spectator);
  drawActions(legal);
  drawViews(spectator, seatViews, legal.status ?? {});
  drawEvents(events);
  drawLog();
}

function gameNamed(name) {
  const info = app.games.find((g) => g.game === name);
  if (!info) throw new Error(`this referee serves no game "${name}"`);
  app.info = info;
  app.arm = armOf(info);
  return info;
}

/** The options form of the selected game, from its options message and OptionInfo texts. */
function drawOptions() {
  const info = gameNamed($("game").value);
  $("players").min = info.minPlayers ?? 1;
  $("players").max = info.maxPlayers ?? 5;
  const optionsType = fieldsOf("referee.v1.NewGameRequest").find((f) => f.oneof === "options" && f.json === app.arm)?.ref;
  const texts = Object.fromEntries((info.options ?? []).map((o) => [o.name, o.description]));
  $("options").replaceChildren(...fieldsOf(optionsType).map((f) => {
    const attrs = { "data-option": f.json, title: texts[f.name] ?? "" };
    let input;
    if (f.type === "bool") input = el("input", { ...attrs, type: "checkbox" });
    else if (f.type === "enum") {
      input = el("select", attrs, el("option", { value: "" }, "(default)"),
        Object.entries(app.schema.enums[f.ref] ?? {}).filter(([n]) => n !== "0")
          .map(([, name]) => el("option", { value: name }, enumWord(f.ref, name))));
    } else input = el("input", { ...attrs, type: "number", min: "0", style: "width:5em" });
    return el("label", { title: attrs.title }, input, words(f.name));
  }));
}

/** The form set to `setup`, as if it had been typed. */
function fillForm(setup) {
  gameNamed(setup.game);
  $("game").value = setup.game;
  drawOptions();
  $("players").value = setup.players ?? "";
  $("seed").value = setup.seed ?? "";
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const value = setup[app.arm]?.[input.dataset.option];
    if (input.type === "checkbox") input.checked = Boolean(value);
    else input.value = value ?? "";
  }
}

function readSetup() {
  const info = gameNamed($("game").value);
  const options = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const key = input.dataset.option;
    if (input.type === "checkbox") {
      if (input.checked) options[key] = true;
    } else if (input.value !== "") {
      options[key] = input.type === "number" ? Number(input.value) : input.value;
    }
  }
  const setup = { game: info.game, players: Number($("players").value) };
  const seed = $("seed").value.trim();
  if (seed !== "") setup.seed = seed;
  if (Object.keys(options).length) setup[app.arm] = options;
  return setup;
}

async function deal() {
  const setup = readSetup();
  const dealt = await call("NewGame", setup);
  showProblem(null);
  app.setup = setup;
  app.serverSeed = undefined;
  app.steps = [];
  app.at = 0;
  $("editor").value = "";
  await show(dealt.state, []);
}

async function apply(action, text) {
  const answer = await call("Apply", { state: app.state, action });
  if (answer.violation) {
    showProblem({ violation: answer.violation });
    return;
  }
  showProblem(null);
  app.steps.length = app.at;
  app.steps.push({ action, text, events: answer.applied.events ?? [] });
  app.at += 1;
  await show(answer.applied.state, answer.applied.events);
  // A move played (not a step through the log): a seat the bot plays may be next.
  if (app.bots.size) run(() => botTurn());
}

function editedAction() {
  try {
    return JSON.parse($("editor").value);
  } catch (err) {
    throw new Error(`the editor's text is not JSON: ${err.message}`);
  }
}

async function validate() {
  const answer = await call("Validate", { state: app.state, action: editedAction() });
  if (answer.violation) showProblem({ violation: answer.violation });
  else showNote("The action is legal in this state (Validate found no violation).");
}

function replayRequest(stopAfter) {
  const request = { setup: app.setup, actions: app.steps.map((s) => s.action) };
  if (app.serverSeed) request.serverSeed = app.serverSeed;
  if (stopAfter !== undefined) request.stopAfter = stopAfter;
  return request;
}

/** The state after the log's first `k` actions, by Replay. */
async function step(k) {
  const answer = await call("Replay", replayRequest(k));
  showProblem(null);
  app.at = answer.applied ?? 0;
  await show(answer.state, app.steps[app.at - 1]?.events ?? []);
}

/** A pasted log (a Replay request) or state (alone, or inside a NewGame or Apply answer). */
async function load() {
  let pasted;
  try {
    pasted = JSON.parse($("transfer").value);
  } catch (err) {
    throw new Error(`the pasted text is not JSON: ${err.message}`);
  }
  if (pasted.setup) {
    fillForm(pasted.setup);
    const answer = await call("Replay", pasted);
    app.setup = pasted.setup;
    app.serverSeed = pasted.serverSeed;
    app.steps = (pasted.actions ?? []).map((action) => ({ action }));
    app.at = answer.applied ?? 0;
    await show(answer.state, []);
    if (answer.violation) {
      showProblem({ violation: answer.violation, title: `Action ${answer.failedIndex ?? 0} of the log is illegal` });
    } else showProblem(null);
    return;
  }
  const state = pasted.applied?.state ?? pasted.state ?? pasted;
  const arm = fieldsOf("referee.v1.GameState").find((f) => f.oneof === "game" && state[f.json] !== undefined);
  const info = app.games.find((g) => armOf(g) === arm?.json);
  if (!info) throw new Error("the pasted text is neither a log ({\"setup\": …, \"actions\": […]}) nor a game state");
  gameNamed(info.game);
  $("game").value = info.game;
  drawOptions();
  app.setup = null;
  app.steps = [];
  app.at = 0;
  showProblem(null);
  await show(state, []);
}

function exportText(name, value) {
  const text = JSON.stringify(value, null, 1);
  $("transfer").value = text;
  $("transfer").dataset.exported = name;
}

async function main() {
  document.body.dataset.busy = "true";
  app.schema = await (await fetch("schema.json")).json();
  app.games = (await call("ListGames", {})).games ?? [];
  $("game").replaceChildren(...app.games.map((g) => el("option", { value: g.game }, g.title)));
  $("game").addEventListener("change", () => run(async () => drawOptions()));
  $("new-game").addEventListener("submit", (e) => {
    e.preventDefault();
    run(deal);
  });
  $("validate").addEventListener("click", () => run(validate));
  $("apply").addEventListener("click", () => run(() => apply(editedAction(), null)));
  $("first").addEventListener("click", () => run(() => step(0)));
  $("back").addEventListener("click", () => run(() => step(app.at - 1)));
  $("forward").addEventListener("click", () => run(() => step(app.at + 1)));
  $("last").addEventListener("click", () => run(() => step(app.steps.length)));
  $("load").addEventListener("click", () => run(load));
  $("export-log").addEventListener("click", () => {
    if (app.setup) exportText("log", replayRequest(app.at < app.steps.length ? app.at : undefined));
    else showProblem(new Error("a pasted state has no log to export; export the state"));
  });
  $("export-state").addEventListener("click", () => app.state && exportText("state", app.state));
  drawOptions();
  drawLog();
  document.body.dataset.busy = "false";
}

// For scripted sessions (the tests): resolves when every operation started so far has finished,
// and those they started in turn (a bot playing its seat moves after each move of its own).
async function idle() {
  let work;
  do {
    work = app.work;
    await work;
  } while (work !== app.work);
}
window.playground = { idle, app };
app.work = main().catch(showProblem);
