"""The HTML page of the replay viewer: markup, style and script, all inline.

The page loads nothing from anywhere: ``viewer.py`` puts the match into the
``<script id="replay-data">`` block as JSON, and the script below draws it.

The pictures are stored compactly (viewer.py explains how): a table of
SVG pieces, and per position either piece numbers or ``[from, to]`` runs
copied from the position before. The script rebuilds every position's list
once at load and joins the pieces of the one on show.

Query string: ``?step=N`` (or ``#N``) opens at position N, for links and for
headless tests.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

DATA_MARK = "/*REPLAY-DATA*/"
TITLE_MARK = "<!--REPLAY-TITLE-->"

TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><!--REPLAY-TITLE--></title>
<style>
body { font-family: system-ui, sans-serif; margin: 1em; color: #222; background: #fafafa; }
h1 { font-size: 1.2em; margin: 0 0 .3em; }
#meta { color: #555; font-size: .9em; margin-bottom: .6em; }
#controls { display: flex; gap: .5em; align-items: center; margin: .5em 0; flex-wrap: wrap; }
#step { flex: 1; min-width: 12em; }
#label { font-variant-numeric: tabular-nums; min-width: 8em; }
#main { display: flex; gap: 1em; align-items: flex-start; flex-wrap: wrap; }
#board { background: #fff; border: 1px solid #ddd; padding: .3em; max-width: 100%; overflow: auto; }
#side { flex: 1; min-width: 18em; }
#actions { max-height: 28em; overflow-y: auto; border: 1px solid #ddd; background: #fff;
  margin: 0; padding: .3em .3em .3em 3.5em;
  font-family: ui-monospace, monospace; font-size: .85em; }
#actions li { cursor: pointer; white-space: pre-wrap; }
#actions li.current { background: #ffe98a; }
#actions li.future { color: #999; }
table { border-collapse: collapse; margin-bottom: .6em; }
td, th { border: 1px solid #ddd; padding: .15em .5em; text-align: left; }
.penalty { color: #b00; }
#result { margin-top: .6em; }
</style>
</head>
<body>
<h1 id="title"></h1>
<div id="meta"></div>
<div id="controls">
  <button id="first" title="start (Home)">|&#x25C0;</button>
  <button id="prev" title="previous step (Left)">&#x25C0;</button>
  <button id="play" title="play / pause (Space)">Play</button>
  <button id="next" title="next step (Right)">&#x25B6;</button>
  <button id="last" title="end (End)">&#x25B6;|</button>
  <select id="speed" title="steps per second">
    <option value="2">2/s</option><option value="5" selected>5/s</option>
    <option value="10">10/s</option><option value="30">30/s</option>
  </select>
  <input id="step" type="range" min="0" max="0" value="0" aria-label="step">
  <span id="label"></span>
</div>
<div id="main">
  <div id="board"></div>
  <div id="side">
    <div id="now"></div>
    <table id="scores"><thead><tr><th>seat</th><th>bot</th><th>score</th><th>rank</th></tr>
    </thead><tbody></tbody></table>
    <ol id="actions" start="0"></ol>
    <div id="result"></div>
  </div>
</div>
<script type="application/json" id="replay-data">/*REPLAY-DATA*/</script>
<script>
"use strict";
const D = JSON.parse(document.getElementById("replay-data").textContent);
const $ = (id) => document.getElementById(id);
const frames = [];
let before = [];
for (const coded of D.frames) {
  const pieces = [];
  for (const item of coded) {
    if (Array.isArray(item)) {
      for (let i = item[0]; i < item[1]; i++) pieces.push(before[i]);
    } else {
      pieces.push(item);
    }
  }
  frames.push(pieces);
  before = pieces;
}
const last = frames.length - 1;
let position = -1;
let timer = null;

function fill() {
  $("title").textContent = D.title;
  $("meta").textContent = D.meta.join(" \\u00b7 ");
  $("step").max = String(last);
  const list = $("actions");
  D.steps.forEach((step, number) => {
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
  $("result").textContent = D.result;
}

function show(target) {
  target = Math.max(0, Math.min(last, Math.trunc(Number(target)) || 0));
  if (target === position) return;
  position = target;
  $("board").innerHTML = frames[position].map((i) => D.pieces[i]).join("");
  $("step").value = String(position);
  $("label").textContent = "step " + position + " / " + last;
  document.body.dataset.step = String(position);
  const lastStep = position > 0 ? "after step " + (position - 1) + ", " + D.steps[position - 1].text
    : "the start";
  $("now").textContent = lastStep + "; " + D.now[position];
  const rows = D.scores[position].map((score, seat) =>
    "<tr><td>" + seat + "</td><td></td><td>" + score[0] + "</td><td>" + score[1] + "</td></tr>");
  const body = $("scores").tBodies[0];
  body.innerHTML = rows.join("");
  Array.from(body.rows).forEach((row, seat) => { row.cells[1].textContent = D.seats[seat]; });
  const items = $("actions").children;
  for (let i = 0; i < items.length; i++) {
    items[i].className = i === position - 1 ? "current" : i >= position ? "future" : "";
  }
  if (position > 0) items[position - 1].scrollIntoView({block: "nearest"});
  if (position === last) pause();
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
document.addEventListener("keydown", (event) => {
  if (event.target === $("step")) return;
  const moves = {ArrowLeft: -1, ArrowRight: 1};
  if (event.key in moves) show(position + moves[event.key]);
  else if (event.key === "Home") show(0);
  else if (event.key === "End") show(last);
  else if (event.key === " ") toggle();
  else return;
  event.preventDefault();
});

fill();
const asked = new URLSearchParams(location.search).get("step") ?? location.hash.slice(1);
show(asked === "" ? 0 : asked);
</script>
</body>
</html>
"""


def page(title: str, data: dict[str, Any]) -> str:
    """The whole page with the match's data inside."""
    # "<" as \\u003c keeps "</script>" and "<!--" inside the SVG pieces from ending the block.
    payload = json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")
    return TEMPLATE.replace(TITLE_MARK, escape(title)).replace(DATA_MARK, payload)
