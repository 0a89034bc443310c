import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A small answer cannot cost a lot of memory: a picture is decoded for the cells it fills, row
/// by row, and one over the pixel limit is refused with its size (docs/extensions-views.md).
@Suite struct LargePictureTests {
    /// A widget program answering one entry with a `side`×`side` PNG of two colours, made with zlib
    /// (a 4000² picture compresses to a few tens of kilobytes).
    static func program(side: Int) -> String {
        """
        #!/usr/bin/env python3
        import base64, json, struct, sys, zlib
        side = \(side)
        def chunk(kind, body):
            return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        top = b"\\x00" + bytes((200, 60, 40, 255)) * side
        bottom = b"\\x00" + bytes((40, 90, 200, 255)) * side
        compressor = zlib.compressobj(9)
        data = b"".join(compressor.compress(top if y < side // 2 else bottom) for y in range(side)) + compressor.flush()
        header = struct.pack(">IIBBBBB", side, side, 8, 6, 0, 0, 0)
        picture = b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
        json.load(sys.stdin)
        view = {"Image": {"data": base64.b64encode(picture).decode("ascii"), "resizable": True}}
        print(json.dumps({"entries": [{"view": view}], "policy": "never"}))
        """
    }

    /// Runs `tiles` with `arguments` under Python, which reports the child's peak RSS (ru_maxrss) in KiB.
    static func peakResidentKiB(_ arguments: [String], environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String, peak: Int) {
        let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let wrapper = """
            import json, resource, subprocess, sys
            done = subprocess.run(sys.argv[1:], capture_output=True)
            peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(json.dumps({"status": done.returncode, "stdout": done.stdout.decode(), "stderr": done.stderr.decode(), "peak": peak}))
            """
        let result = try runProgram(["python3", "-c", wrapper, products.appendingPathComponent("tiles").path] + arguments, environment: environment)
        let fields = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any] ?? [:]
        return (Int32(fields["status"] as? Int ?? -1), fields["stdout"] as? String ?? "", fields["stderr"] as? String ?? "", fields["peak"] as? Int ?? 0)
    }

    static func home(side: Int) throws -> ExtensionHome {
        let home = ExtensionHome()
        let script = home.home.root.appendingPathComponent("picture.py")
        try ExecutableFile.write(program(side: side), to: script.path)
        try home.write("[[widget]]\nkind = \"picture\"\ncommand = [\"\(script.path)\"]\n")
        return home
    }

    @Test func aFourThousandPixelSquarePictureRendersWithinTheMemoryTarget() throws {
        let home = try Self.home(side: 4000)
        var environment = home.environment
        environment["COLORTERM"] = "truecolor"
        environment["NO_COLOR"] = nil
        let picture = try Self.peakResidentKiB(["render", "--widget", "picture", "--family", "small", "--format", "ansi"], environment: environment)
        #expect(picture.status == 0, "\(picture.stderr)")
        // The top rows red, the bottom rows blue, as the picture is: the first row holds the
        // red and no blue, the last the blue and no red.
        let rows = picture.stdout.split(separator: "\n").filter { $0.contains("8;2;") }
        let red = "8;2;200;60;40", blue = "8;2;40;90;200"
        #expect(rows.count >= 4, "\(picture.stdout.debugDescription)")
        #expect(rows.first.map { $0.contains(red) && !$0.contains(blue) } == true, "\(rows.first.map(String.init).debugDescription)")
        #expect(rows.last.map { $0.contains(blue) && !$0.contains(red) } == true, "\(rows.last.map(String.init).debugDescription)")
        // The same render of a tiny picture is the baseline: the large one may add little to it.
        let tiny = try Self.home(side: 16)
        let small = try Self.peakResidentKiB(["render", "--widget", "picture", "--family", "small"], environment: tiny.environment)
        #expect(small.status == 0, "\(small.stderr)")
        // 40 MB for a release render; a debug build's baseline is larger, so the picture's own
        // share is what is checked: a whole 4000² RGBA decode alone would be 64 MB.
        #expect(picture.peak - small.peak < 16 * 1024, "peak \(picture.peak) KiB, against \(small.peak) KiB for a 16² picture")
    }

    @Test func aPictureOverThePixelLimitIsRefusedWithItsSize() throws {
        let home = try Self.home(side: 4200)
        let result = try home.tiles(["render", "--widget", "picture", "--family", "small"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("entries[0].view.Image.data: the picture is too large: 4200×4200 pixels (at most 16777216 pixels, 16384 on a side)"),
                "\(result.stderr)")
    }
}

/// Runs `argv` (searched on PATH) with the inherited environment and `environment`; its stdout.
func runProgram(_ argv: [String], environment: [String: String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    let variables = PrivateEnvironment(environment)
    defer { withExtendedLifetime(variables) {} }
    process.environment = variables.variables
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
