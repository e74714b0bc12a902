# Sourced by the scripts: puts the project's tools first on PATH and keeps Trunk offline.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
