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

        init(listen host: String = "127.0.0.1", arguments: [String] = [], config: String = ServeTests.config) throws {
            let folder = environment.home.appendingPathComponent("config/tiles")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
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
        @discardableResult
        func openPage(until text: String) throws -> Int32 {
            let socket = try connectSocket()
            streams.append(socket)
            let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            _ = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            try read(socket, until: text)
            return socket
        }

        /// Reads page stream `socket` on until `text` arrives in what it reads now.
        func read(_ socket: Int32, until text: String) throws {
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while !String(decoding: seen, as: UTF8.self).contains(text) {
                let count = recv(socket, &buffer, buffer.count, 0)
                guard count > 0 else { throw ServeFailure("the page's stream ended without \(text): \(String(decoding: seen, as: UTF8.self))") }
                seen += buffer[0..<count]
            }
        }

        /// tiles itself, with the server's environment (its runtime folder, where boards listen).
        func tiles(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            try ServeTests.run(ServeTests.tiles, arguments, environment: environment.variables)
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

        var configText: String {
            (try? String(contentsOf: environment.home.appendingPathComponent("config/tiles/config.toml"), encoding: .utf8)) ?? ""
        }

        func post(_ path: String, origin: String, body: String) throws -> (status: Int, text: String) {
            try send("POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nOrigin: \(origin)", body: body)
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
        let result = try Self.runToEnd(["--config", file.path], environment: environment)
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("tiles serve: \(file.path):3:1: "))
    }

    @Test func aPasswordBoardHasTheBrowserAskAndStopsGuessers() throws {
        let files = PrivateEnvironment()
        let password = files.home.appendingPathComponent("serve-password")
        try "correct horse: battery\n".write(to: password, atomically: true, encoding: .utf8)
        chmod(password.path, 0o600)
        let server = try Server(listen: "0.0.0.0", arguments: ["--password-file", password.path])
        let host = "127.0.0.1:\(server.port)"
        func basic(_ pair: String) -> String { "\r\nAuthorization: Basic " + Data(pair.utf8).base64EncodedString() }
        let asked = try server.get("/", host: host)
        #expect(asked.status == 401)
        #expect(asked.text.contains("WWW-Authenticate: Basic realm=\"tiles\", charset=\"UTF-8\""), "\(asked.text)")
        #expect(!asked.text.contains("<script"))
        #expect(try server.get("/", host: host, headers: basic("me:correct horse: battery")).status == 200)
        #expect(try server.get("/events", host: host, headers: basic("me:correct horse")).status == 401)
        // No token is made when the board has a password.
        #expect(!FileManager.default.fileExists(atPath: server.environment.home.appendingPathComponent("state/tiles/serve-token").path))
        // Ten wrong guesses from one address, and for a minute even the right password is refused there.
        for guess in 0..<9 { _ = try server.get("/", host: host, headers: basic("me:guess \(guess)")) }
        let blocked = try server.get("/", host: host, headers: basic("me:correct horse: battery"))
        #expect(blocked.status == 429)
        #expect(blocked.text.contains("Retry-After: 60"))
        #expect(server.text.contains("too many wrong credentials"))
    }

    @Test func aPasswordFileThatCannotServeIsRefusedWithItsReason() throws {
        let environment = PrivateEnvironment()
        let password = environment.home.appendingPathComponent("serve-password")
        try "secret\n".write(to: password, atomically: true, encoding: .utf8)
        chmod(password.path, 0o644)
        let result = try Self.runToEnd(["--listen", "127.0.0.1:0", "--password-file", password.path], environment: environment)
        #expect(result.status == 2)
        #expect(result.error.contains("--password-file: \(password.path) may be read by others (mode 644); chmod 600 it"), "\(result.error)")
        // A missing file and one that is not text are named with the reason.
        let missing = try Self.runToEnd(["--listen", "127.0.0.1:0", "--password-file", password.path + ".nope"], environment: environment)
        #expect(missing.status == 2)
        #expect(missing.error.contains("--password-file: \(password.path).nope: No such file or directory"), "\(missing.error)")
        try Data([0xff, 0xfe, 0x00, 0xc3]).write(to: password)
        chmod(password.path, 0o600)
        let binary = try Self.runToEnd(["--listen", "127.0.0.1:0", "--password-file", password.path], environment: environment)
        #expect(binary.status == 2)
        #expect(binary.error.contains("--password-file: \(password.path) is not UTF-8 text"), "\(binary.error)")
    }

    @Test func withACertificateAndKeyTheBoardIsServedOverHTTPS() throws {
        let files = PrivateEnvironment()
        let certificate = files.home.appendingPathComponent("cert.pem").path
        let key = files.home.appendingPathComponent("key.pem").path
        try Self.makeCertificate(certificate: certificate, key: key)
        let server = try Server(listen: "0.0.0.0", arguments: ["--tls-cert", certificate, "--tls-key", key])
        #expect(server.text.contains("serving the board at https://0.0.0.0:\(server.port)/"), "\(server.text)")
        let tokenFile = server.environment.home.appendingPathComponent("state/tiles/serve-token")
        let token = try String(contentsOf: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        let page = try Self.curl(["--cacert", certificate, "--resolve", "localhost:\(server.port):127.0.0.1",
                                  "https://localhost:\(server.port)/?token=\(token)"])
        #expect(page.status == 0, "\(page.output)")
        #expect(page.output.contains("HTTP/1.1 200"), "\(page.output)")
        #expect(page.output.contains("<script src=\"app.js\"></script>"))
        // Over TLS the token's cookie is never sent in clear.
        #expect(page.output.contains("Set-Cookie: tiles_token=\(token); Path=/; HttpOnly; SameSite=Strict; Max-Age=31536000; Secure"))
        // Plain HTTP on the same port gets no page.
        let plain = try? server.get("/?token=\(token)")
        #expect(plain?.status != 200)
        #expect(!server.text.contains("warning: the board is served without TLS"))
    }

    @Test func aKeyThatIsNotTheCertificatesIsRefused() throws {
        let environment = PrivateEnvironment()
        let home = environment.home.path
        try Self.makeCertificate(certificate: home + "/cert.pem", key: home + "/key.pem")
        try Self.makeCertificate(certificate: home + "/other.pem", key: home + "/other-key.pem")
        let mismatched = try Self.runToEnd(["--listen", "127.0.0.1:0", "--tls-cert", home + "/cert.pem", "--tls-key", home + "/other-key.pem"], environment: environment)
        #expect(mismatched.status == 2)
        #expect(mismatched.error.contains("--tls-key: \(home)/other-key.pem is not the key of the certificate in \(home)/cert.pem"), "\(mismatched.error)")
        let alone = try Self.runToEnd(["--listen", "127.0.0.1:0", "--tls-cert", home + "/cert.pem"], environment: environment)
        #expect(alone.status == 2)
        #expect(alone.error.contains("--tls-cert and --tls-key go together"), "\(alone.error)")
        let notPEM = try Self.runToEnd(["--listen", "127.0.0.1:0", "--tls-cert", home + "/key.pem", "--tls-key", home + "/key.pem"], environment: environment)
        #expect(notPEM.status == 2)
        #expect(notPEM.error.contains("--tls-cert: \(home)/key.pem: "), "\(notPEM.error)")
    }

    @Test func aTilesSettingsAreEditedFromThePageIntoTheConfigFile() throws {
        let config = """
            # The clock, as I like it.
            [[page]]
            [[page.tile]]
            id = "clock"
            widget = "clock"
            family = "small"
            parameters = { seconds = false }  # no seconds on the wall
            """
        let server = try Server(config: config)
        try server.openPage(until: "\"clock\"")
        let form = try server.get("/api/settings?tile=clock")
        #expect(form.status == 200)
        #expect(form.text.contains(#""key":"seconds","kind":"bool","title":"#), "\(form.text)")
        #expect(form.text.contains(#""savesToFile":true"#))
        #expect(try server.get("/api/settings?tile=nope").status == 404)
        let own = "http://127.0.0.1:\(server.port)"
        // Another site's page cannot change the board.
        let foreign = try server.post("/api/settings", origin: "https://attacker.example", body: #"{"tile":"clock","member":0,"values":{"seconds":true}}"#)
        #expect(foreign.status == 403)
        // A value the widget does not take is refused with the reason, and the file is untouched.
        let invalid = try server.post("/api/settings", origin: own, body: #"{"tile":"clock","member":0,"values":{"zones":"Atlantis/Nowhere"}}"#)
        #expect(invalid.status == 400)
        #expect(invalid.text.contains("zones"), "\(invalid.text)")
        #expect(server.configText == config)
        let saved = try server.post("/api/settings", origin: own, body: #"{"tile":"clock","member":0,"values":{"seconds":true}}"#)
        #expect(saved.status == 200, "\(saved.text)")
        // Written in place: the comments and the inline table kept, the one value changed.
        #expect(server.configText.hasPrefix("# The clock, as I like it.\n"))
        #expect(server.configText.contains("parameters = { seconds = true }  # no seconds on the wall"), "\(server.configText)")
        #expect(server.text.contains("set clock:"))
        // The tile reloads with its new parameters: the page is sent the seconds.
        try server.openPage(until: "Sun")
        let shown = try server.get("/api/settings?tile=clock")
        #expect(shown.text.contains(#""value":true"#), "\(shown.text)")
    }

    @Test func liveActivitiesReachThePageAsTheyChange() throws {
        let server = try Server()
        let page = try server.openPage(until: "event: ready")
        let started = try server.tiles(["activity", "start", "--id", "import", "--title", "nightly import"])
        #expect(started.status == 0, "\(started.error)")
        try server.read(page, until: #""title":"nightly import""#)
        #expect(try server.tiles(["activity", "update", "--id", "import", "--progress", "3/7", "--line", "table users"]).status == 0)
        try server.read(page, until: #""detail":"table users""#)
        try server.read(page, until: #""progress":{"fraction":"#)
        #expect(try server.tiles(["activity", "end", "--id", "import", "--status", "0"]).status == 0)
        try server.read(page, until: #""mark":"✓""#)
        // A page that connects now is sent the banner with the tiles.
        try server.openPage(until: #""title":"nightly import""#)
    }

    @Test func thePageSpeaksTheBoardsLanguage() throws {
        let english = try Server()
        try english.openPage(until: #""language":"en""#)
        try english.openPage(until: #""offlineSince":"offline since {time}""#)
        let chinese = try Server(arguments: ["--language", "zh-Hans"])
        try chinese.openPage(until: #""language":"zh-Hans""#)
        try chinese.openPage(until: #""offlineSince":"{time} 起离线""#)
    }

    @Test func aReadOnlyBoardTakesNoSettings() throws {
        let server = try Server(arguments: ["--read-only"], config: """
            [[page]]
            [[page.tile]]
            id = "clock"
            widget = "clock"
            family = "small"
            """)
        let before = server.configText
        let refused = try server.post("/api/settings", origin: "http://127.0.0.1:\(server.port)", body: #"{"tile":"clock","member":0,"values":{"seconds":true}}"#)
        #expect(refused.status == 403)
        #expect(server.configText == before)
    }

    /// A self-signed certificate for localhost and 127.0.0.1, by Debian's openssl.
    static func makeCertificate(certificate: String, key: String) throws {
        let made = try run("/usr/bin/openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", key, "-out", certificate])
        guard made.status == 0 else { throw ServeFailure("openssl req failed: \(made.error)") }
    }

    /// Debian's curl, with the answer's headers; its status, and its output and errors together.
    static func curl(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try run("/usr/bin/curl", ["--silent", "--show-error", "--include", "--max-time", "10"] + arguments)
        return (result.status, result.output + result.error)
    }

    /// tiles-serve with `arguments`, run until it exits: its status and standard error.
    static func runToEnd(_ arguments: [String], environment: PrivateEnvironment) throws -> (status: Int32, error: String) {
        let result = try run(Self.serve, arguments, environment: environment.variables)
        return (result.status, result.error)
    }

    /// Runs `executable` to its end: its status, standard output and standard error.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        // Standard error goes to a file, so that neither stream can fill while the other is read.
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("tiles-run-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errors) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let error = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        return (process.terminationStatus, String(decoding: printed, as: UTF8.self), error)
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
        #expect(text.contains("USAGE: tiles serve "))
        for option in ["--listen <listen>", "--read-only", "--password-file <password-file>", "--tls-cert <tls-cert>", "--tls-key <tls-key>"] {
            #expect(text.contains(option), "\(option)")
        }
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
        #expect(text.contains("Ran 9 tests"), "\(text)")
    }
}
