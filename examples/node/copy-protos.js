// Copies the protocol's .proto files from the repository's proto/ folder into ./proto,
// so this folder is a self-contained bot package (an arena stores it by content hash,
// where ../../proto is out of reach). `npm ci` and `npm install` run it ("prepare").
"use strict";

const fs = require("node:fs");
const path = require("node:path");

const source = path.resolve(__dirname, process.env.LANDGRAVE_PROTO_DIR || "../../proto");
const target = path.join(__dirname, "proto");

function protoFiles(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return protoFiles(full);
    return entry.name.endsWith(".proto") ? [full] : [];
  });
}

if (!fs.existsSync(source)) {
  if (fs.existsSync(target)) process.exit(0); // already a standalone copy
  console.error(`copy-protos: no ${source}; set LANDGRAVE_PROTO_DIR to Landgrave's proto/ folder`);
  process.exit(1);
}
fs.rmSync(target, { recursive: true, force: true });
const files = protoFiles(source);
for (const file of files) {
  const copy = path.join(target, path.relative(source, file));
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.copyFileSync(file, copy);
}
console.log(`copy-protos: ${files.length} .proto files from ${source} into ${target}`);
