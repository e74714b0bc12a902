// The static opening explorer (issue 54.2), built by the post-build hook (postbuild.mjs) into
// explorer/ of the staging dir: the native `xq explorer build` on the committed book
// (src/explorer/master_games.xqb). The shards are kept in target/explorer/<key>/, keyed by a hash
// of the book and of the code that writes them, so a build whose book and writer are unchanged
// only copies them (about a second); a new key builds them again (about 15 s with a debug xq).
// xq is the newest of target/{debug,release}/xq when it is newer than the writer's code
// (`cargo test` has built it in CI), else `cargo build --bin xq` first.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BOOK = 'src/explorer/master_games.xqb';
// What decides the shards' bytes: the book, and the code that reads it and writes them.
const SOURCES = [BOOK, 'src/cli/explorer.rs', 'src/explorer/mod.rs', 'src/explorer/book.rs',
  'src/explorer/index.rs', 'src/explorer/shard.rs', 'src/xiangqi/position.rs'];

function newest(files) {
  return Math.max(...files.map((f) => fs.statSync(path.join(ROOT, f)).mtimeMs));
}

/** An xq at least as new as the writer's code, built if there is none. */
function xq() {
  const since = newest(SOURCES.slice(1));
  const have = ['target/debug/xq', 'target/release/xq']
    .map((f) => path.join(ROOT, f))
    .filter((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= since)
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  if (have.length) return have[0];
  execFileSync('cargo', ['build', '--quiet', '--bin', 'xq'], { cwd: ROOT, stdio: 'inherit' });
  return path.join(ROOT, 'target/debug/xq');
}

/** Writes the explorer's shards into `staging`/explorer/. */
export function buildExplorer(staging) {
  const key = crypto.createHash('sha256');
  for (const f of SOURCES) key.update(f).update(fs.readFileSync(path.join(ROOT, f)));
  const cache = path.join(ROOT, 'target', 'explorer', key.digest('hex').slice(0, 16));
  if (!fs.existsSync(path.join(cache, 'done'))) {
    const tmp = cache + '.tmp';
    fs.rmSync(tmp, { recursive: true, force: true });
    execFileSync(xq(), ['explorer', 'build', path.join(ROOT, BOOK), '--out', tmp], { stdio: 'inherit' });
    fs.writeFileSync(path.join(tmp, 'done'), '');
    fs.rmSync(cache, { recursive: true, force: true });
    fs.renameSync(tmp, cache);
  }
  const out = path.join(staging, 'explorer');
  fs.mkdirSync(out, { recursive: true });
  for (const f of fs.readdirSync(cache)) {
    if (f !== 'done') fs.copyFileSync(path.join(cache, f), path.join(out, f));
  }
}
