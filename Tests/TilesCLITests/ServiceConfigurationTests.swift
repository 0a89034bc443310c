import Foundation
import Testing
import TileConfig
import TileKit
#if canImport(Glibc)
import Glibc
#endif

/// Issue 43, item 3: the services' settings are read in one place, from the environment (which
/// wins) and the config file, and handed to the services as a value.
struct ServiceConfigurationTests {
    @Test func theEnvironmentWinsOverTheFileAndTheTokenComesFromItsSource() throws {
        let home = ConfigHome()
        let token = home.home.root.appendingPathComponent("token")
        try "from-the-file\n".write(to: token, atomically: true, encoding: .utf8)
        chmod(token.path, 0o600)
        try """
            [services]
            hitokoto = "http://127.0.0.1:8001"
            github_api = "http://127.0.0.1:8002"
            [github]
            token_file = "token"
            """.write(to: home.file, atomically: true, encoding: .utf8)
        let config = try ConfigLoader(environment: ["HOME": home.home.root.path], widgets: ConfigEditorTests.widgets).read(home.file.path)

        let fromFile = try ServiceConfiguration.settings(for: config, environment: ["HOME": home.home.root.path])
        #expect(fromFile == ServiceSettings(hitokoto: "http://127.0.0.1:8001", githubAPI: "http://127.0.0.1:8002", githubToken: "from-the-file"))

        let environment = ["HOME": home.home.root.path, "TILES_HITOKOTO_URL": "http://127.0.0.1:9001", "GITHUB_TOKEN": "from-the-environment"]
        let overridden = try ServiceConfiguration.settings(for: config, environment: environment)
        #expect(overridden.hitokoto == "http://127.0.0.1:9001", "a variable that is set wins")
        #expect(overridden.githubAPI == "http://127.0.0.1:8002")
        #expect(overridden.githubToken == "from-the-environment")
        #expect(try ServiceConfiguration.settings(for: nil, environment: ["GITHUB_TOKEN": ""]) == ServiceSettings(), "empty is unset")
    }

    /// Nothing in tiles' sources writes these variables: they are read, once, in ServiceConfiguration.
    @Test func noSourceWritesTheServicesVariables() throws {
        let sources = repositoryRoot.standardizedFileURL.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var writers: [String] = [], readers: [String] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains(/\[\s*"(TILES_[A-Z_]+_URL|GITHUB_TOKEN)"\s*\]\s*=[^=]/) || text.contains("setenv(") { writers.append(file) }
            if text.contains(/environment\[\s*"(TILES_[A-Z_]+_URL|GITHUB_TOKEN)"\s*\]/) { readers.append(file) }
        }
        #expect(writers.isEmpty, "\(writers)")
        #expect(readers == ["TileConfig/ServiceConfiguration.swift"], "\(readers)")
    }
}
