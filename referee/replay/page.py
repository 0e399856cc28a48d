"""The HTML page of the replay viewer: markup, style and script, all inline.

The page loads nothing from anywhere: ``viewer.py`` puts the match into the
``<script id="replay-data">`` block as JSON, and the script below draws it.
This module is mostly that one page's text, kept whole so it reads top to
bottom; the three parts (style, markup, script) are separate constants.

The data (viewer.py builds it):

- ``full``: the board pictures (packed, pack.py), standings, who acts and
  every step in words; null on a page of one seat's view.
- ``views``: per seat its observations (packed lines of ``lines``) and its
  steps as it saw them (0 where everyone's view says the same).
- ``result``: the footer's result, shown only at the last step so that
  stepping through a match does not give away its end.

Query string: ``?step=N`` (or ``#N``) opens at position N and ``&seat=K`` in
seat K's view, for links and for headless tests.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

DATA_MARK = "/*REPLAY-DATA*/"
TITLE_MARK = "<!--REPLAY-TITLE-->"

STYLE = """
* { box-sizing: border-box; }
body { font-family: system-ui, sans-serif; margin: 0 1em 1em; color: #222; background: #fafafa; }
h1 { font-size: 1.2em; margin: .5em 0 .2em; overflow-wrap: anywhere; }
#meta { color: #555; font-size: .9em; }
#controls { position: sticky; top: 0; z-index: 1; background: #fafafa;
  display: flex; gap: .4em; align-items: center; flex-wrap: wrap;
  padding: .4em 0; border-bottom: 1px solid #ddd; }
#controls button, #controls select { font: inherit; min-height: 2em; }
#step { flex: 1 1 10em; min-width: 8em; }
#label { font-variant-numeric: tabular-nums; }
#notice { font-size: .9em; color: #444; background: #eef3fb; border: 1px solid #c9d7ee;
  padding: .3em .5em; margin: .5em 0 0; }
#main { display: flex; gap: 1em; align-items: flex-start; flex-wrap: wrap; margin-top: .6em; }
#board { flex: 1 1 30em; min-width: 0; max-width: 100%;
  background: #fff; border: 1px solid #ddd; padding: .3em; }
#board svg { display: block; max-width: 100%; height: auto; }
#observation { flex: 1 1 24em; min-width: 0; max-width: 100%; max-height: 75vh; overflow: auto;
  margin: 0; padding: .4em; background: #fff; border: 1px solid #ddd;
  white-space: pre-wrap; overflow-wrap: anywhere; font-size: .8em; }
#side { flex: 1 1 22em; min-width: 0; }
#now { overflow-wrap: anywhere; }
#actions { position: relative; max-height: 26em; overflow-y: auto;
  border: 1px solid #ddd; background: #fff;
  margin: 0; padding: .3em .3em .3em 3.5em;
  font-family: ui-monospace, monospace; font-size: .85em; }
#actions li { cursor: pointer; white-space: pre-wrap; overflow-wrap: anywhere; }
#actions li.current { background: #ffe98a; }
#actions li.future { display: none; }
table { border-collapse: collapse; margin: .6em 0; max-width: 100%; }
caption { text-align: left; font-size: .9em; color: #555; }
td, th { border: 1px solid #ddd; padding: .15em .5em; text-align: left; }
td { overflow-wrap: break-word; }
.penalty { color: #b00; }
#result { margin-top: .6em; padding: .3em .5em; background: #fff8d6; border: 1px solid #e6d27a; }
#result p { margin: .2em 0; }
[hidden] { display: none !important; }
@media (max-width: 600px) {
  body { margin: 0 .4em .4em; }
  #step { flex-basis: 100%; order: 10; }
  #actions { max-height: 16em; padding-left: 2.8em; }
}
"""

BODY = """
<h1 id="title"></h1>
<div id="meta"></div>
<div id="controls">
  <button id="first" title="start (Home)">|&#x25C0;</button>
  <button id="prev" title="previous step (Left)">&#x25C0;</button>
  <button id="play" title="play / pause (Space)">Play</button>
  <button id="next" title="next step (Right)">&#x25B6;</button>
  <button id="last" title="end (End)">&#x25B6;|</button>
  <select id="speed" title="steps per second" aria-label="speed">
    <option value="2">2/s</option><option value="5" selected>5/s</option>
    <option value="10">10/s</option><option value="30">30/s</option>
  </select>
  <select id="view" title="whose view: everyone's, or what one seat could know"
    aria-label="view"></select>
  <span id="label"></span>
  <input id="step" type="range" min="0" max="0" value="0" aria-label="step">
</div>
<p id="notice" hidden></p>
<div id="main">
  <div id="board"></div>
  <pre id="observation" hidden></pre>
  <div id="side">
    <div id="now"></div>
    <div id="result" hidden><p id="result-text"></p><p id="ranking"></p></div>
    <table id="scores"><caption></caption>
    <thead><tr><th>seat</th><th>bot</th><th>score</th><th>rank</th><th>notes</th></tr></thead>
    <tbody></tbody></table>
    <ol id="actions" start="0"></ol>
  </div>
</div>
"""

SCRIPT = r"""
"use strict";
const D = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);

// Undo pack.py: per position the piece numbers, from runs copied from the position before.
function unpack(coded) {
  const positions = [];
  let before = [];
  for (const items of coded) {
    const pieces = [];
    for (const item of items) {
      if (Array.isArray(item)) {
        for (let i = item[0]; i < item[1]; i++) pieces.push(before[i]);
      } else {
        pieces.push(item);
      }
    }
    positions.push(pieces);
    before = pieces;
  }
  return positions;
}

const pictures = D.full ? unpack(D.full.frames) : null;
const observations = D.views.map((view) => unpack(view.frames));
const last = D.positions - 1;
let view = D.full ? -1 : 0;  // -1: everyone's view; else an index into D.views
let position = -1;
let timer = null;

function seatName(seat) { return "seat " + seat + " (" + D.seats[seat] + ")"; }

function fill() {
  document.title = D.title;
  $("title").textContent = D.title;
  $("meta").textContent = D.meta.join(" \u00b7 ");
  $("step").max = String(last);
  const choices = [];
  if (D.full) choices.push([-1, "everyone (full record)"]);
  D.views.forEach((v, index) => choices.push([index, "as " + seatName(v.seat) + " saw it"]));
  for (const [value, text] of choices) $("view").add(new Option(text, String(value)));
  $("view").disabled = choices.length < 2;
  $("result-text").textContent = D.result.text;
  $("ranking").textContent = "Ranked " + D.ranking + ".";
}

// A seat's step stored as 0 reads as everyone's (viewer.py: _SeatView.data).
function steps() {
  if (view < 0) return D.full.steps;
  return D.views[view].steps.map((step, number) => step === 0 ? D.full.steps[number] : step);
}

function fillActions() {
  const list = $("actions");
  list.replaceChildren();
  steps().forEach((step, number) => {
    const item = document.createElement("li");
    item.textContent = step.text;
    if (step.penalty) {
      const note = document.createElement("span");
      note.className = "penalty";
      note.textContent = "  " + step.penalty;
      item.appendChild(note);
    }
    item.addEventListener("click", () => show(number + 1));
    list.appendChild(item);
  });
}

function noticeText() {
  if (view < 0) return "";
  const seat = D.views[view].seat;
  const what = "As " + seatName(seat) + " saw it: its observation at each step, and the moves"
    + " it was told of (\u201cseat 2 acted\u201d where it could not see the move).";
  if (D.full) {
    return what + " Only the screen changes: this file holds the full record, hidden moves"
      + " included. For a file with this seat's view alone: referee replay RECORD --html OUT"
      + " --seat " + seat + ".";
  }
  return what + " This file holds nothing else of the match: no board, no standings, no"
    + " hidden moves.";
}

function setView(index) {
  view = index;
  $("view").value = String(view);
  document.body.dataset.view = view < 0 ? "all" : String(D.views[view].seat);
  $("notice").textContent = noticeText();
  $("notice").hidden = view < 0;
  $("board").hidden = view >= 0;
  $("observation").hidden = view < 0;
  fillActions();
  const at = position;
  position = -1;
  show(Math.max(at, 0));
}

function tableRows(rows) {
  const body = $("scores").tBodies[0];
  body.replaceChildren();
  for (const cells of rows) {
    const row = body.insertRow();
    for (const cell of cells) row.insertCell().textContent = String(cell);
  }
}

function showScores() {
  const atEnd = position === last;
  let caption = "";
  let rows = null;
  if (atEnd && D.result.rows.length) {
    caption = "result";
    rows = D.result.rows.map(([seat, score, rank, notes]) =>
      [seat, D.seats[seat], score, rank, notes]);
  } else if (view < 0) {
    caption = position === 0 ? "standings at the start" : "standings after step " + (position - 1);
    rows = D.full.standings[position].map(([score, rank, notes], seat) =>
      [seat, D.seats[seat], score, rank, notes]);
  }
  $("scores").hidden = rows === null;
  $("scores").caption.textContent = caption;
  tableRows(rows ?? []);
}

function show(target) {
  target = Math.max(0, Math.min(last, Math.trunc(Number(target)) || 0));
  if (target === position) return;
  position = target;
  if (view < 0) {
    $("board").innerHTML = pictures[position].map((i) => D.full.pieces[i]).join("");
  } else {
    $("observation").textContent = observations[view][position].map((i) => D.lines[i]).join("");
  }
  $("step").value = String(position);
  $("label").textContent = "step " + position + " / " + last;
  document.body.dataset.step = String(position);
  const list = steps();
  let now = position > 0 ? "after step " + (position - 1) + ", " + list[position - 1].text
    : "the start";
  if (view < 0) now += "; " + D.full.now[position];
  $("now").textContent = now;
  $("result").hidden = position !== last;
  showScores();
  const items = $("actions").children;
  for (let i = 0; i < items.length; i++) {
    items[i].className = i === position - 1 ? "current" : i >= position ? "future" : "";
  }
  if (position > 0) reveal(items[position - 1]);
  if (position === last) pause();
}

// Scroll the list, never the page: the page stays where the reader put it.
function reveal(item) {
  const list = $("actions");
  if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
  const bottom = item.offsetTop + item.offsetHeight;
  if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function play() {
  if (position === last) show(0);
  $("play").textContent = "Pause";
  timer = setInterval(() => show(position + 1), 1000 / Number($("speed").value));
}

function pause() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("play").textContent = "Play";
}

function toggle() { if (timer === null) play(); else pause(); }

$("step").addEventListener("input", (event) => show(event.target.value));
$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(position - 1));
$("next").addEventListener("click", () => show(position + 1));
$("last").addEventListener("click", () => show(last));
$("play").addEventListener("click", toggle);
$("speed").addEventListener("change", () => { if (timer !== null) { pause(); play(); } });
$("view").addEventListener("change", (event) => setView(Number(event.target.value)));
document.addEventListener("keydown", (event) => {
  if (event.target === $("step") || event.target.tagName === "SELECT") return;
  const moves = {ArrowLeft: -1, ArrowRight: 1};
  if (event.key in moves) show(position + moves[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(last);
  else if (event.key === " ") toggle();
  else return;
  event.preventDefault();
});

fill();
const query = new URLSearchParams(location.search);
const asked = query.get("step") ?? location.hash.slice(1);
const seatAsked = D.views.findIndex((v) => String(v.seat) === query.get("seat"));
position = asked === "" ? 0 : Math.max(0, Math.min(last, Math.trunc(Number(asked)) || 0));
setView(seatAsked >= 0 && D.full ? seatAsked : view);
"""

TEMPLATE = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{TITLE_MARK}</title>
<style>{STYLE}</style>
</head>
<body>{BODY}
<script type="application/json" id="replay-data">{DATA_MARK}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""


def page(title: str, data: dict[str, Any]) -> str:
    """The whole page with the match's data inside."""
    # "<" as \\u003c keeps "</script>" and "<!--" inside the SVG pieces from ending the block.
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    return TEMPLATE.replace(TITLE_MARK, escape(title)).replace(DATA_MARK, payload)
