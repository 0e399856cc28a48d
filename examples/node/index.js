// A Landgrave bot in Node.js: plays any game by choosing a random legal action.
//
// It speaks the protocol in ./proto (copied from Landgrave's proto/ by `npm ci`):
// one bidirectional gRPC stream, Referee/Play. It says hello with its token, then
// answers every decision request with an index into the legal actions. It never
// decodes a game's messages: the legal actions arrive as a google.protobuf.Any whose
// ActionList has one repeated field, `actions`, and counting its entries is enough.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const grpc = require("@grpc/grpc-js");
const protoLoader = require("@grpc/proto-loader");

const PROTOCOL_VERSION = 1;
const NAME = "random-node";
const VERSION = "1";
const PROTO_ROOT = path.join(__dirname, "proto");

function main() {
  const { address, token, tlsCa } = settings(process.argv.slice(2), process.env);
  const protocol = loadProtocol();
  const credentials = tlsCa
    ? grpc.credentials.createSsl(fs.readFileSync(tlsCa))
    : grpc.credentials.createInsecure();
  const client = new protocol.Referee(address, credentials);
  play(client, token, protocol.actionCount);
}

// Where the referee is and the secret that lets us in. A bot the referee starts finds
// the address in LANDGRAVE_ADDRESS and reads its token from an inherited pipe whose
// descriptor number is in LANDGRAVE_TOKEN_FD (older referees: LANDGRAVE_TOKEN). A bot
// someone runs by hand for a remote seat is given --address and --token (and --tls-ca
// for an encrypted listener).
function settings(argv, env) {
  const flags = {};
  for (let i = 0; i < argv.length; i += 1) {
    const match = /^--(address|token|token-fd|tls-ca)(?:=(.*))?$/.exec(argv[i]);
    if (match) flags[match[1]] = match[2] !== undefined ? match[2] : argv[++i];
  }
  const address = flags.address || env.LANDGRAVE_ADDRESS;
  let token = flags.token || env.LANDGRAVE_TOKEN;
  const tokenFd = flags["token-fd"] || env.LANDGRAVE_TOKEN_FD;
  if (!token && tokenFd) token = readToken(Number(tokenFd));
  if (!address || !token) {
    fail(
      "no referee to play for: give --address and --token " +
        "(the referee sets LANDGRAVE_ADDRESS and LANDGRAVE_TOKEN_FD for bots it starts)",
    );
  }
  return { address, token, tlsCa: flags["tls-ca"] || env.LANDGRAVE_TLS_CA };
}

// The token the referee wrote into the pipe, up to its end; the pipe is closed after.
function readToken(fd) {
  try {
    return fs.readFileSync(fd, "ascii").trim();
  } catch (error) {
    return fail(`cannot read the token from file descriptor ${fd}: ${error.message}`);
  } finally {
    try {
      fs.closeSync(fd);
    } catch {
      // already closed: nothing to release
    }
  }
}

// The Referee service, and a way to count the legal actions of any game whose
// .proto is in ./proto/landgrave/games/.
function loadProtocol() {
  const files = [path.join("landgrave", "v1", "bot.proto"), ...gameProtos()];
  const definitions = protoLoader.loadSync(files, {
    includeDirs: [PROTO_ROOT],
    longs: String, // seq is a uint64: keep it exact, echo it back as it came
    enums: String,
    defaults: true,
    oneofs: true, // message.kind names which field of a oneof is set
  });
  const referee = grpc.loadPackageDefinition(definitions).landgrave.v1.Referee;
  return { Referee: referee, actionCount: (any) => countActions(definitions, any) };
}

function gameProtos() {
  const games = path.join(PROTO_ROOT, "landgrave", "games");
  return fs.readdirSync(games).flatMap((game) => {
    const folder = path.join(games, game, "v1");
    return fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".proto"))
      .map((name) => path.relative(PROTO_ROOT, path.join(folder, name)));
  });
}

// The number of legal actions in an Any holding a game's ActionList. Every game's
// ActionList is `repeated Action actions = 1` (Landgrave's engine contract); the field's
// number is read from the game's .proto when we have it. Entries are counted on the wire.
const ACTIONS_FIELD = 1;

function countActions(definitions, any) {
  // protobufjs keeps Any's field names as in the .proto: type_url, value.
  const typeName = any.type_url.slice(any.type_url.lastIndexOf("/") + 1);
  const message = definitions[typeName];
  const field = message && message.type.field.find((f) => f.name === "actions");
  return countField(any.value, field ? field.number : ACTIONS_FIELD);
}

// Protobuf wire format: each field is a varint key (number << 3 | wire type), then
// its value. Count the entries of one field and skip over every other.
function countField(bytes, wanted) {
  let at = 0;
  let count = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      if (at >= bytes.length) throw new Error("truncated action list");
      const byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const key = varint();
    const wireType = key % 8;
    if (wireType === 0) varint();
    else if (wireType === 1) at += 8;
    else if (wireType === 2) {
      const length = varint(); // read first: `at += varint()` would add to the old `at`
      at += length;
    } else if (wireType === 5) at += 4;
    else throw new Error(`unexpected wire type ${wireType} in an action list`);
    if (Math.floor(key / 8) === wanted) count += 1;
  }
  return count;
}

// One stream for as long as the referee wants us: hello, then answer until it closes.
function play(client, token, actionCount) {
  const call = client.Play();
  const matches = new Map(); // match id -> the random generator of that match
  const answered = new Map(); // match id -> our last reply: a repeated request gets it again
  call.write({
    hello: { protocolVersion: PROTOCOL_VERSION, token, name: NAME, version: VERSION, games: [] },
  });
  call.on("data", (message) => {
    switch (message.kind) {
      case "welcome":
        break;
      case "matchStart": {
        const start = message.matchStart;
        matches.set(start.matchId, seededRandom(`${start.matchId}/${start.seat}`));
        break;
      }
      case "decision": {
        const request = message.decision;
        const last = answered.get(request.matchId);
        if (last && String(last.seq) === String(request.seq)) {
          call.write({ reply: last }); // asked again (the machine was busy): the same answer
          break;
        }
        const answer = { matchId: request.matchId, seq: request.seq };
        try {
          const random = matches.get(request.matchId) || Math.random;
          answer.index = Math.floor(random() * actionCount(request.legalActions));
        } catch (error) {
          // Our bug costs this match (recorded as our crash), not the others on the stream.
          answer.error = String(error.stack || error).slice(0, 2000);
        }
        answered.set(request.matchId, answer);
        call.write({ reply: answer });
        break;
      }
      case "matchEnd":
        matches.delete(message.matchEnd.matchId);
        answered.delete(message.matchEnd.matchId);
        break;
      case "error":
        // Without a match id the referee refused the stream (a wrong token or protocol).
        if (!message.error.matchId) fail(`the referee refused us: ${message.error.message}`);
        console.error(`${NAME}: referee says: ${message.error.message}`);
        break;
      default:
        break;
    }
  });
  // The referee closed the stream: every match is over, so we leave, with code 0.
  call.on("end", () => {
    client.close();
    process.exit(0);
  });
  call.on("error", (error) => fail(`the stream broke: ${error.message}`));
}

// A small seeded generator (FNV-1a of the seed text, then mulberry32), so a match
// replays the same way; any random choice is a legal bot, this one is repeatable.
function seededRandom(seedText) {
  let state = 0x811c9dc5;
  for (const char of seedText) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fail(text) {
  console.error(`${NAME}: ${text}`);
  process.exit(1);
}

main();
