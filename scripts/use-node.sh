# Puts the Node this project declares first on PATH: the machine's own if it satisfies
# package.json's range, else the exact version in .nvmrc, installed from the npm registry (the
# `node` package ships the binaries) into .node/ (git-ignored) on first use. Also brings npm 11
# when the machine's npm is older. Source it from the project's root: `. scripts/use-node.sh`.

# The range is package.json's engines.node.
todo_node_ok() {
  node -e 'const [a, b] = process.versions.node.split(".").map(Number)
    process.exit((a === 24 && b >= 15) || a >= 26 ? 0 : 1)' 2>/dev/null
}

if ! todo_node_ok; then
  todo_node_want="$(cat .nvmrc)"
  todo_node_dir="$PWD/.node"
  if [ "$("$todo_node_dir/node_modules/.bin/node" -v 2>/dev/null)" != "v$todo_node_want" ]; then
    echo "Installing Node $todo_node_want into .node/ (this machine has $(node -v 2>/dev/null || echo 'no Node'))"
    todo_node_pkgs="node@$todo_node_want"
    if [ "$(npm -v 2>/dev/null | cut -d. -f1)" -lt 11 ] 2>/dev/null; then todo_node_pkgs="$todo_node_pkgs npm@11"; fi
    mkdir -p "$todo_node_dir"
    printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$todo_node_dir/package.json"
    # An exact version, so cached metadata serves. $todo_node_pkgs is split on purpose.
    npm install --prefix "$todo_node_dir" --prefer-offline --no-audit --no-fund --loglevel=error \
      $todo_node_pkgs
  fi
  export PATH="$todo_node_dir/node_modules/.bin:$PATH"
  # Native addons, if any, build against this Node's headers (not the machine's).
  for todo_node_headers in "$todo_node_dir"/node_modules/node/node_modules/node-*/; do
    if [ -d "${todo_node_headers}include/node" ]; then export npm_config_nodedir="${todo_node_headers%/}"; fi
  done
  unset todo_node_want todo_node_dir todo_node_pkgs todo_node_headers
fi
unset -f todo_node_ok
echo "Using Node $(node -v) and npm $(npm -v)"
