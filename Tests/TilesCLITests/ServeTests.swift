import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `tiles serve` as a client meets it: the real tiles-serve on a free port, spoken to with raw
/// HTTP/1.1 so that a test sends exactly the Host, Origin, path and sizes it means.
@Suite(.serialized) struct ServeTests {
    static let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    static let serve = products.appendingPathComponent("tiles-serve").path
    static let tiles = products.appendingPathComponent("tiles").path

    /// A program widget with one toggle that logs each press, so a test can count runs.
    static let lamp = """
        #!/bin/sh
        request=$(cat)
        case "$request" in *'"request":"action"'*|*'"request": "action"'*) echo press >> "$(dirname "$0")/presses.log" ;; esac
        echo '{"entries":[{"view":{"Toggle":{"action":"lamp","isOn":false,"label":{"Text":"Desk lamp"}}}}],"policy":"never"}'
        """

    static let config = """
        [[widget]]
        kind = "lamp"
        command = ["./lamp.sh"]

        [[page]]
        [[page.tile]]
        id = "lamp"
        widget = "lamp"
        family = "medium"
        """

    /// tiles-serve on its own home and port; stopped with this value.
    final class Server {
        let environment = PrivateEnvironment()
        let port: Int
        let process = Process()
        let log: URL

        init(listen host: String = "127.0.0.1", arguments: [String] = []) throws {
            let folder = environment.home.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try ServeTests.config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
            try ServeTests.lamp.write(to: folder.appendingPathComponent("lamp.sh"), atomically: true, encoding: .utf8)
            chmod(folder.appendingPathComponent("lamp.sh").path, 0o755)
            let run = environment.home.appendingPathComponent("run")
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            port = try TinyProxy.freePort()
            log = environment.home.appendingPathComponent("serve.log")
            FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: ServeTests.serve)
            process.arguments = ["--listen", "\(host):\(port)"] + arguments
            process.environment = environment.variables
            process.standardError = try FileHandle(forWritingTo: log)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(20)
            while !text.contains("serving the board"), Date() < deadline, process.isRunning { usleep(20_000) }
            guard text.contains("serving the board") else { throw ServeFailure("tiles-serve did not start: \(text)") }
        }

        var text: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        var presses: Int {
            let file = environment.home.appendingPathComponent("config/tiles/presses.log")
            return ((try? String(contentsOf: file, encoding: .utf8)) ?? "").split(separator: "\n").count
        }

        /// The page's event streams this test holds open.
        private var streams: [Int32] = []

        /// Connects as a page does and reads its stream until `text` is in it: the board draws
        /// only for connected pages, and a press names a control of what it drew.
        func openPage(until text: String) throws {
            let socket = try connectSocket()
            streams.append(socket)
            let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                let count = recv(socket, &buffer, buffer.count, 0)
                guard count > 0 else { throw ServeFailure("the page's stream ended without \(text): \(String(decoding: seen, as: UTF8.self))") }
                seen += buffer[0..<count]
            }
        }

        private func connectSocket() throws -> Int32 {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else {
                close(socket)
                throw ServeFailure("cannot connect to \(port)")
            }
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return socket
        }

        /// Sends `head` (request line and headers, without the blank line) and `body`; the answer's
        /// status and whole text.
        func send(_ head: String, body: String = "") throws -> (status: Int, text: String) {
            let socket = try connectSocket()
            defer { close(socket) }
            let request = Array((head + "\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body).utf8)
            _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var answer: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count <= 0 { break }
                answer += buffer[0..<count]
            }
            let text = String(decoding: answer, as: UTF8.self)
            let status = text.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            return (status, text)
        }

        func get(_ path: String, host: String? = nil, headers: String = "") throws -> (status: Int, text: String) {
            try send("GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")" + headers)
        }

        func press(origin: String?, host: String? = nil, body: String = #"{"tile":"lamp","target":1}"#, headers: String = "") throws -> (status: Int, text: String) {
            let originLine = origin.map { "\r\nOrigin: \($0)" } ?? ""
            return try send("POST /api/press HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nContent-Type: application/json" + originLine + headers, body: body)
        }

        deinit {
            for stream in streams { close(stream) }
            process.terminate()
            process.waitUntilExit()
        }
    }

    struct ServeFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test func theLoopbackBoardServesItsPageAndItsTiles() throws {
        let server = try Server()
        let page = try server.get("/")
        #expect(page.status == 200)
        #expect(page.text.contains("<script src=\"app.js\"></script>"))
        #expect(page.text.contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
        #expect(page.text.contains("X-Content-Type-Options: nosniff"))
        // The Date header, written per answer (RFC 9110's IMF-fixdate).
        #expect(page.text.contains(/\r\nDate: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT\r\n/))
        for asset in ["/app.js", "/app.css", "/manifest.webmanifest", "/icon.svg", "/sw.js"] {
            #expect(try server.get(asset).status == 200, "\(asset)")
        }
        #expect(try server.get("/nothing").status == 404)
    }

    /// Nothing runs on libdispatch's pool, whose first worker starts a monitor that wakes the
    /// server every second for good: its threads are the board's, the HTTP tasks', SwiftNIO's.
    @Test func theServerStartsNoLibdispatchPool() throws {
        let server = try Server()
        try waitForLamp(server)
        #expect(try server.get("/").status == 200)
        let tasks = "/proc/\(server.process.processIdentifier)/task"
        let names = try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap {
            try? String(contentsOfFile: "\(tasks)/\($0)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(names.contains("tiles.web") && names.contains("tiles.http"), "\(names)")
        #expect(!names.contains { $0.contains("qos") || $0.contains("dispatch") }, "\(names)")
    }

    @Test func aPressFromThePageRunsOnceAndAnotherOriginsIsRefused() throws {
        let server = try Server()
        try waitForLamp(server)
        let foreign = try server.press(origin: "https://attacker.example")
        #expect(foreign.status == 403)
        #expect(foreign.text.contains("a press must come from the board's own page"))
        #expect(try server.press(origin: nil).status == 403)
        #expect(try server.press(origin: "http://127.0.0.1:\(server.port)", headers: "\r\nSec-Fetch-Site: cross-site").status == 403)
        usleep(300_000)
        #expect(server.presses == 0)
        let own = try server.press(origin: "http://127.0.0.1:\(server.port)")
        #expect(own.status == 202, "\(own.text)")
        for _ in 0..<100 where server.presses == 0 { usleep(50_000) }
        usleep(300_000)
        #expect(server.presses == 1)
        #expect(server.text.contains("pressed 1 of lamp"))
        #expect(try server.press(origin: "http://127.0.0.1:\(server.port)", body: #"{"tile":"lamp","target":9}"#).status == 404)
        #expect(try server.press(origin: "http://127.0.0.1:\(server.port)", body: "not json").status == 400)
    }

    @Test func aWrongHostHeaderIsRefused() throws {
        let server = try Server()
        let rebound = try server.get("/", host: "attacker.example:\(server.port)")
        #expect(rebound.status == 421)
        #expect(!rebound.text.contains("<script"))
        #expect(try server.get("/events", host: "attacker.example").status == 421)
        #expect(server.text.contains("refused GET /: the Host header names no host this board answers to"))
    }

    @Test func noPathReachesAFileOnDisk() throws {
        let server = try Server()
        for path in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/app.js/../../../etc/passwd",
                     "/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd", "/config.toml", "/lamp.sh"] {
            let answer = try server.get(path)
            #expect(answer.status == 404 || answer.status == 400, "\(path): \(answer.status)")
            #expect(!answer.text.contains("root:") && !answer.text.contains("[[widget]]"), "\(path)")
        }
    }

    @Test func oversizedRequestsAreRefused() throws {
        let server = try Server()
        let body = #"{"tile":"lamp","target":1,"pad":""# + String(repeating: "x", count: 8000) + #""}"#
        let large = try server.press(origin: "http://127.0.0.1:\(server.port)", body: body)
        #expect(large.status == 413)
        let headers = try server.get("/", headers: "\r\nX-Padding: " + String(repeating: "y", count: 20_000))
        #expect(headers.status >= 400 && headers.status < 500, "\(headers.status)")
        #expect(server.presses == 0)
        // The server is still there for the next page.
        #expect(try server.get("/").status == 200)
    }

    @Test func offLoopbackEveryRequestNeedsTheTokenPrintedOnce() throws {
        let server = try Server(listen: "0.0.0.0")
        let host = "127.0.0.1:\(server.port)"
        let tokenFile = server.environment.home.appendingPathComponent("state/tiles/serve-token")
        let token = try String(contentsOf: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.count == 64)
        let mode = try FileManager.default.attributesOfItem(atPath: tokenFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(server.text.contains("?token=\(token)"))
        let refused = try server.get("/", host: host)
        #expect(refused.status == 401)
        #expect(!refused.text.contains("<script"))
        #expect(try server.get("/events", host: host).status == 401)
        #expect(try server.press(origin: "http://\(host)", host: host).status == 401)
        let admitted = try server.get("/?token=\(token)", host: host)
        #expect(admitted.status == 200)
        #expect(admitted.text.contains("Set-Cookie: tiles_token=\(token); Path=/; HttpOnly; SameSite=Strict"))
        #expect(try server.get("/app.js", host: host, headers: "\r\nCookie: tiles_token=\(token)").status == 200)
        #expect(try server.get("/app.js", host: host, headers: "\r\nAuthorization: Bearer \(token)").status == 200)
        let wrong = token.dropLast() + (token.hasSuffix("0") ? "1" : "0")
        #expect(try server.get("/app.js", host: host, headers: "\r\nCookie: tiles_token=\(wrong)").status == 401)
    }

    @Test func aReadOnlyBoardRunsNoAction() throws {
        let server = try Server(arguments: ["--read-only"])
        try waitForLamp(server)
        let press = try server.press(origin: "http://127.0.0.1:\(server.port)")
        #expect(press.status == 403)
        #expect(press.text.contains("read-only"))
        usleep(500_000)
        #expect(server.presses == 0)
        #expect(server.text.contains("(read-only)"))
    }

    @Test func aMalformedConfigNamesItsPlaceAndExitsTwo() throws {
        let environment = PrivateEnvironment()
        let file = environment.home.appendingPathComponent("bad.toml")
        try "[[page]]\n[[page.tile]]\nwidget = \"nope\"\n".write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.serve)
        process.arguments = ["--config", file.path]
        process.environment = environment.variables
        let error = Pipe()
        process.standardError = error
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(text.hasPrefix("tiles serve: \(file.path):3:1: "))
    }

    /// `tiles serve` is tiles-serve: its help, through tiles.
    @Test func tilesServeRunsTheServer() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.tiles)
        process.arguments = ["serve", "--help"]
        process.environment = PrivateEnvironment().variables
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("USAGE: tiles serve [--listen <listen>]"))
        #expect(text.contains("--read-only"))
    }

    /// A page shows the lamp's toggle, which a press may now name.
    func waitForLamp(_ server: Server) throws {
        try server.openPage(until: "Desk lamp")
    }
}

/// The web board in Debian's chromium, headless, through chromium-driver and python3-selenium
/// (Tests/Browser/board_test.py): the page shows the board, a toggle runs once, changes arrive
/// without a reload, one column on a phone, the dark scheme, a reconnection after a restart.
@Suite struct BrowserTests {
    @Test func theBoardInARealBrowser() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Browser/board_test.py").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [script.path]
        var environment = ProcessInfo.processInfo.environment
        environment["TILES_SERVE"] = ServeTests.serve
        environment["TILES_BIN"] = ServeTests.tiles
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("Ran 7 tests"), "\(text)")
    }
}
