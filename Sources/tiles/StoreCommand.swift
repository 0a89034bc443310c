import ArgumentParser
import FoundationEssentials
import TileKit
import TileUI
#if canImport(Glibc)
import Glibc
#endif

/// `tiles store`: the key-value store widgets share with the command line (`alipay.city`…).
struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Read and write the shared store ($XDG_DATA_HOME/tiles/store.json).",
        discussion: """
            Examples:
              tiles store set alipay.city 杭州
              tiles store get alipay.city
              tiles store unset alipay.city
              tiles store list

            Running boards notice a change at once and reload the widgets that read the key: a key's \
            widget is the part before its first dot (alipay.city → alipay).
            """,
        subcommands: [Get.self, Set.self, Unset.self, List.self]
    )

    /// The store of the current environment's data directory.
    static var store: SharedStore {
        SharedStore(directory: TilesDirectories(environment: ProcessInfo.processInfo.environment).data)
    }

    /// Running boards reload the widgets that read `key` (the kind before its first dot).
    static func tellRunningBoards(_ key: String) {
        guard let directory = try? BoardChannel.directory(environment: ProcessInfo.processInfo.environment) else { return }
        BoardChannel.send(.storeChanged(key: key), directory: directory)
    }

    /// `tiles store get KEY`.
    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Print the value of KEY (exit status 1 when it is not set).",
            discussion: "Example:\n  tiles store get alipay.city"
        )

        @Argument(help: "The key, like alipay.city.")
        var key: String

        func run() throws {
            guard let value = try StoreCommand.store.allValues()[key] else {
                Console.printError("tiles: store: '\(key)' is not set")
                // Not a usage error: the contract's "anything else" status, with no further output.
                Glibc.exit(1)
            }
            // One line per value: a line break inside it is escaped too.
            Console.print(value.escapingControlCharacters())
        }
    }

    /// `tiles store set KEY VALUE`.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set KEY to VALUE.",
            discussion: "Example:\n  tiles store set alipay.city 杭州"
        )

        @Argument(help: "The key, like alipay.city.")
        var key: String

        @Argument(help: "The value.")
        var value: String

        func validate() throws {
            guard !key.isEmpty else { throw ValidationError("the key is empty; name one, like alipay.city") }
        }

        func run() throws {
            try StoreCommand.store.set(value, forKey: key)
            StoreCommand.tellRunningBoards(key)
        }
    }

    /// `tiles store unset KEY`.
    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: "Remove KEY (nothing happens when it is not set).",
            discussion: "Example:\n  tiles store unset alipay.city"
        )

        @Argument(help: "The key, like alipay.city.")
        var key: String

        func run() throws {
            try StoreCommand.store.set(nil, forKey: key)
            StoreCommand.tellRunningBoards(key)
        }
    }

    /// `tiles store list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "Print every key and value, one KEY=VALUE per line, sorted by key.",
            discussion: "Example:\n  tiles store list"
        )

        func run() throws {
            for (key, value) in try StoreCommand.store.allValues().sorted(by: { $0.key < $1.key }) {
                Console.print("\(key.escapingControlCharacters())=\(value.escapingControlCharacters())")
            }
        }
    }
}
