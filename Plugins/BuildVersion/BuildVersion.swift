import Foundation
import PackagePlugin

/// Before each build, records the commit tiles is built from in `BuildVersion.swift`: what
/// `git describe --always --dirty --abbrev=12` says in the package's folder, or nothing when the
/// sources are not a git checkout (a source tarball). The file is rewritten only when that changes.
@main struct BuildVersion: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let script = #"""
            commit=$(git -C "$1" describe --always --dirty --abbrev=12 2>/dev/null | tr -cd '0-9A-Za-z.-')
            mkdir -p "$2"
            printf '/// The commit the binary was built from, empty when unknown (written by the BuildVersion plugin).\nlet buildCommit = "%s"\n' "$commit" > "$2/BuildVersion.swift.new"
            if cmp -s "$2/BuildVersion.swift.new" "$2/BuildVersion.swift"; then rm "$2/BuildVersion.swift.new"; else mv "$2/BuildVersion.swift.new" "$2/BuildVersion.swift"; fi
            """#
        return [
            .prebuildCommand(
                displayName: "Recording the commit tiles is built from",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", script, "build-version", context.package.directoryURL.path, output.path],
                outputFilesDirectory: output),
        ]
    }
}
