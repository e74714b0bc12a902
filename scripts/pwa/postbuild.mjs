// Trunk post_build hook (Trunk.toml): makes the built page offline-capable and locks it down.
// - Adds the SHA-256 of the page's inline loader script (index.html) to its Content-Security-Policy, so
//   that script-src allows the app's own files and that one script, nothing else.
// - Writes sw.js at the root of the build: the list of every built file and a build id (a hash of
//   their contents), so each deploy is a new service worker that the page offers to reload into.
// Debug builds (`trunk serve`) get no CSP (Trunk injects its live-reload script) and a service
// worker that unregisters itself, so development is never served from a stale cache.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildExplorer } from './explorer.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) throw new Error('run by trunk as a post_build hook (TRUNK_STAGING_DIR is unset)');
const release = process.env.TRUNK_PROFILE === 'release';
const htmlPath = path.join(staging, 'index.html');
let html = fs.readFileSync(htmlPath, 'utf8');

// Release builds ship the app's own scripts without comment lines and indentation: Trunk copies
// public/ as it is and keeps an inline script's text, and every first visit downloads them.
const lean = (js) => js.split('\n').filter((l) => !/^\s*\/\//.test(l)).map((l) => l.trim()).filter(Boolean).join('\n');
if (release) {
  for (const f of ['boot.js', 'offline.js', 'whole.js']) {
    const p = path.join(staging, 'public', f);
    fs.writeFileSync(p, lean(fs.readFileSync(p, 'utf8')) + '\n');
  }
  html = html.replace(/(<script(?![^>]*\ssrc=)[^>]*>)([\s\S]*?)(<\/script>)/g, (_, open, js, close) => open + lean(js) + close);
}

// Attributes in any order and quoted or not: release builds minify the HTML (Trunk.toml).
const csp = /<meta\b[^>]*http-equiv="?Content-Security-Policy"?[^>]*>/;
if (release) {
  const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => `'sha256-${crypto.createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  html = html.replace(csp, (tag) => tag.replace(/content="([^"]*)"/, (attr, policy) =>
    attr.replace(policy, policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`))));
} else {
  html = html.replace(csp, '');
}
// The page bundles' `rel="rust"` links have done their work (index.html's loader starts the bundles).
html = html.replace(/<link\b[^>]*\bdata-trunk\b[^>]*>\s*/g, '');
// The stylesheets are added by index.html's loader: app.css (then play.css) on #/play, all.css
// (app.css then pages.css, one request and one gzip dictionary) on every other page.
// study.css goes with the whole #/play bundle (index.html's loader, public/whole.js), train.css with #/train,
// games.css with #/games.
for (const name of ['app', 'play', 'pages', 'study', 'train', 'games']) {
  const link = new RegExp(`<link\\b[^>]*\\bhref="?(?:\\./)?${name}\\.css"?[^>]*>\\s*`);
  if (!link.test(html)) throw new Error(`index.html: no link to ${name}.css to take out`);
  html = html.replace(link, '');
}
const css = (name) => fs.readFileSync(path.join(staging, name), 'utf8');
fs.writeFileSync(path.join(staging, 'all.css'), css('app.css') + '\n' + css('pages.css'));
fs.writeFileSync(path.join(staging, 'app.css'), css('app.css') + '\n' + css('play.css'));
fs.rmSync(path.join(staging, 'pages.css'));
fs.rmSync(path.join(staging, 'play.css'));
fs.writeFileSync(htmlPath, html);

// The opening explorer's shards (explorer.mjs), before the file list below is made.
buildExplorer(staging);

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

let sw;
if (release) {
  let files = walk(staging)
    .map((p) => path.relative(staging, p).split(path.sep).join('/'))
    .filter((f) => f !== 'sw.js')
    .sort();
  const build = crypto.createHash('sha256');
  for (const f of files) build.update(f).update(fs.readFileSync(path.join(staging, f)));
  // The explorer's 1,024 shards count in the build id but are not listed: sw.js keeps any file
  // under explorer/ once fetched, and a first visit downloads sw.js.
  files = files.filter((f) => !f.startsWith('explorer/'));
  // Without its comment lines: every first visit downloads it.
  sw = fs.readFileSync(path.join(here, 'sw.js'), 'utf8')
    .replace(/^\s*\/\/.*\n/gm, '')
    .replace('__BUILD__', build.digest('hex').slice(0, 16))
    .replace('__FILES__', JSON.stringify(files));
} else {
  sw = fs.readFileSync(path.join(here, 'sw-dev.js'), 'utf8');
}
fs.writeFileSync(path.join(staging, 'sw.js'), sw);
