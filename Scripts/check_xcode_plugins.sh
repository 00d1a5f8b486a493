#!/usr/bin/env bash
# Type-checks both plugins twice, as CI cannot run Xcode (with Xcode's toolchain, once against its real module):
#   1. as SwiftPM compiles them (no XcodeProjectPlugin module: the `#if canImport(XcodeProjectPlugin)` code is
#      skipped);
#   2. with Tests/Support/XcodeProjectPluginStub, a stand-in for Xcode's module that mirrors Apple's documented
#      API, so the Xcode conformances are compiled too.
# The second proves the Xcode code agrees with the documented API, not that Xcode accepts it.
# Prints one line per check; exits non-zero when any fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# On a Mac, `xcrun` finds Xcode's toolchain and SDK; elsewhere swiftc is the toolchain's own, wherever it is.
if command -v xcrun >/dev/null 2>&1; then
    swiftc=(xcrun swiftc)
    compiler=$(xcrun --find swiftc)
else
    swiftc=("$(command -v swiftc)")
    # The real location (swiftc may be a link from elsewhere on PATH) tells where the toolchain is.
    compiler=$(readlink -f "${swiftc[0]}" 2>/dev/null || echo "${swiftc[0]}")
fi
plugin_api="$(dirname "$(dirname "$compiler")")/lib/swift/pm/PluginAPI"
if [ ! -d "$plugin_api" ]; then
    if [ "$(uname -s)" = Darwin ]; then
        # Xcode keeps the plugin modules elsewhere in some versions; there, building in Xcode is the check.
        echo "check_xcode_plugins: skipped: no PackagePlugin module at $plugin_api (build the plugins in Xcode instead)"
        exit 0
    fi
    echo "check_xcode_plugins: no PackagePlugin module at $plugin_api" >&2
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/xcode-plugins.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The flags SwiftPM itself compiles plugins with (`swift package -v` on a plugin prints them; the tools version is
# Package.swift's).
flags=(-swift-version 6 -package-description-version 6.1.0 -I "$plugin_api" -parse-as-library)

status=0
typecheck() {   # typecheck PLUGIN WHAT [FLAG...]
    local plugin=$1 what=$2
    shift 2
    if "${swiftc[@]}" "${flags[@]}" "$@" -typecheck Plugins/"$plugin"/*.swift; then
        echo "$plugin: type-checks $what"
    else
        echo "$plugin: does not type-check $what" >&2
        status=1
    fi
}

if ls "$plugin_api"/XcodeProjectPlugin.swiftmodule >/dev/null 2>&1; then
    # Xcode's own toolchain: its XcodeProjectPlugin module is there, so the real API is checked.
    for plugin in LucidGenPlugin LucidGenerateCommand; do typecheck "$plugin" "with Xcode's XcodeProjectPlugin"; done
    exit "$status"
fi

stub=Tests/Support/XcodeProjectPluginStub/XcodeProjectPlugin.swift
if "${swiftc[@]}" "${flags[@]}" -emit-module -module-name XcodeProjectPlugin \
    -emit-module-path "$work/XcodeProjectPlugin.swiftmodule" "$stub"; then
    echo "XcodeProjectPluginStub: compiles"
else
    echo "XcodeProjectPluginStub: does not compile" >&2
    exit 1
fi
for plugin in LucidGenPlugin LucidGenerateCommand; do
    typecheck "$plugin" "as SwiftPM builds it (no XcodeProjectPlugin module)"
    typecheck "$plugin" "with the stub of Xcode's plugin API" -I "$work"
done
exit "$status"
