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
        abstract: L("help.store.abstract"),
        discussion: L("help.store.discussion"),
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
            abstract: L("help.store.get.abstract"),
            discussion: L("help.store.get.discussion")
        )

        @Argument(help: ArgumentHelp(L("help.store.get.key")))
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
            abstract: L("help.store.set.abstract"),
            discussion: L("help.store.set.discussion")
        )

        @Argument(help: ArgumentHelp(L("help.store.set.key")))
        var key: String

        @Argument(help: ArgumentHelp(L("help.store.set.value")))
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
            abstract: L("help.store.unset.abstract"),
            discussion: L("help.store.unset.discussion")
        )

        @Argument(help: ArgumentHelp(L("help.store.unset.key")))
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
            abstract: L("help.store.list.abstract"),
            discussion: L("help.store.list.discussion")
        )

        func run() throws {
            for (key, value) in try StoreCommand.store.allValues().sorted(by: { $0.key < $1.key }) {
                Console.print("\(key.escapingControlCharacters())=\(value.escapingControlCharacters())")
            }
        }
    }
}
