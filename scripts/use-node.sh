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
  unset todo_node_want todo_node_dir todo_node_pkgs
fi
unset -f todo_node_ok
echo "Using Node $(node -v) and npm $(npm -v)"
