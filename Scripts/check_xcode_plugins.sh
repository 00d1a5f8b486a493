#!/usr/bin/env bash
# Type-checks both plugins twice, as CI cannot run Xcode:
#   1. as SwiftPM compiles them (no XcodeProjectPlugin module: the `#if canImport(XcodeProjectPlugin)` code is
#      skipped);
#   2. with Tests/Support/XcodeProjectPluginStub, a stand-in for Xcode's module that mirrors Apple's documented
#      API, so the Xcode conformances are compiled too.
# The second proves the Xcode code agrees with the documented API, not that Xcode accepts it.
set -euo pipefail
cd "$(dirname "$0")/.."

swiftc=$(command -v swiftc)
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc" 2>/dev/null || echo "$swiftc")")")
plugin_api="$toolchain/lib/swift/pm/PluginAPI"
if [ ! -d "$plugin_api" ]; then
    echo "check_xcode_plugins: no PackagePlugin module at $plugin_api" >&2
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/xcode-plugins.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The flags SwiftPM itself compiles plugins with (see .build/plugins/cache/*-state.json).
flags=(-swift-version 6 -package-description-version 6.1.0 -I "$plugin_api" -parse-as-library)

"$swiftc" "${flags[@]}" -emit-module -module-name XcodeProjectPlugin -emit-module-path "$work/XcodeProjectPlugin.swiftmodule" \
    Tests/Support/XcodeProjectPluginStub/XcodeProjectPlugin.swift

status=0
for plugin in LucidGenPlugin LucidGenerateCommand; do
    sources=(Plugins/"$plugin"/*.swift)
    if "$swiftc" "${flags[@]}" -typecheck "${sources[@]}"; then
        echo "$plugin: type-checks as SwiftPM builds it"
    else
        echo "$plugin: does not type-check as SwiftPM builds it" >&2
        status=1
    fi
    if "$swiftc" "${flags[@]}" -I "$work" -typecheck "${sources[@]}"; then
        echo "$plugin: type-checks with the Xcode plugin API (stub)"
    else
        echo "$plugin: the Xcode conformance does not type-check against the XcodeProjectPlugin API" >&2
        status=1
    fi
done
exit "$status"
