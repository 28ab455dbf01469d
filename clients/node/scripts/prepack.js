'use strict';
// Before `npm pack` / `npm publish`: bundles the repository's proto/ into the package (the client
// loads it at run time) and generates the TypeScript types, from those proto files by
// @grpc/proto-loader's own generator with the options the client loads them with (types/proto/),
// and from the client's JavaScript and its JSDoc by tsc (src/*.d.ts). Nothing here is written by
// hand, and nothing generated is kept in git. `--clean` (after packing) removes it all again, so
// that a checkout's client goes on loading the repository's proto/, never a stale copy.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = path.join(__dirname, '..');
const repoProto = path.join(here, '..', '..', 'proto');
const bundled = path.join(here, 'proto');
const types = path.join(here, 'types');
fs.rmSync(bundled, { recursive: true, force: true });
fs.rmSync(types, { recursive: true, force: true });
for (const f of ['index.d.ts', 'fair.d.ts']) fs.rmSync(path.join(here, 'src', f), { force: true });
if (process.argv.includes('--clean')) process.exit(0);
fs.cpSync(repoProto, bundled, { recursive: true });
const bin = (name) => path.join(here, 'node_modules', '.bin', name);
execFileSync(bin('proto-loader-gen-types'), [
  '--keepCase', '--longs=String', '--enums=String', '--defaults=false', '--oneofs',
  '--grpcLib=@grpc/grpc-js', '--includeComments', '-I', bundled, '-O', path.join(types, 'proto'),
  'referee/v1/referee_service.proto',
], { stdio: 'inherit' });
// The proto types as declarations (.d.ts beside nothing else), then the client's own, emitted
// beside its JavaScript so that their imports of '../types/proto/…' hold in the package.
const generated = [];
const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).forEach((e) => {
  const p = path.join(dir, e.name);
  if (e.isDirectory()) walk(p);
  else if (p.endsWith('.ts')) generated.push(p);
});
walk(path.join(types, 'proto'));
const tsc = (args) => execFileSync(bin('tsc'), [
  '--declaration', '--emitDeclarationOnly', '--skipLibCheck', '--module', 'commonjs',
  '--target', 'es2022', ...args,
], { stdio: 'inherit' });
tsc(['--rootDir', path.join(types, 'proto'), '--outDir', path.join(types, 'proto'), ...generated]);
generated.forEach((f) => fs.rmSync(f));
tsc(['--allowJs', '--outDir', path.join(here, 'src'), path.join(here, 'src', 'index.js'),
  path.join(here, 'src', 'fair.js')]);
