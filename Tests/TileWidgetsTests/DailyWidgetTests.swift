import FoundationEssentials
import Testing
import TileBase
import TileKit
@testable import TileWidgets
#if canImport(Glibc)
import Glibc
#endif

/// The disk, battery and links widgets: what they read, what they alert, what they say when
/// there is nothing to read.
struct DailyWidgetTests {
    @Test func theRootFileSystemIsReadAsDfReadsIt() throws {
        var intent = DiskIntent()
        intent.mounts = "/"
        let disks = DiskProvider.read(intent)
        #expect(disks.map(\.mount) == ["/"])
        var status = statvfs()
        #expect(statvfs("/", &status) == 0)
        let used = Double(status.f_blocks - status.f_bfree), free = Double(status.f_bavail)
        #expect(abs(disks[0].fraction - used / (used + free)) < 0.01, "df's use: used over used and available")
        #expect(ByteCount.text(1536) == "1.5 KiB" && ByteCount.text(250 * 1_073_741_824) == "250 GiB" && ByteCount.text(38 * 1_073_741_824) == "38.0 GiB")
    }

    @Test func aDiskAlertsOncePerRisePastItsLine() {
        func reading(_ fraction: Double, at seconds: Double) -> DiskProvider.DiskReading {
            DiskProvider.DiskReading(at: Date(timeIntervalSince1970: seconds), disks: [DiskUse(mount: "/data", used: fraction * 100, free: (1 - fraction) * 100)])
        }
        let rising = DiskProvider.alert(percent: 90, previous: reading(0.85, at: 0), reading: reading(0.92, at: 300))
        #expect(rising?.title == "/data is 90% full or more" && rising?.body == "/data: 92%, 8 B free" && rising?.rise != nil)
        #expect(DiskProvider.alert(percent: 90, previous: reading(0.92, at: 300), reading: reading(0.95, at: 600)) == nil, "still over: no more")
        #expect(DiskProvider.alert(percent: 90, previous: reading(0.5, at: 0), reading: reading(0.6, at: 300)) == nil)
    }

    @Test func batteriesAreReadFromPowerSupplyAndAbsentOnesSaySo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sys-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        func device(_ name: String, _ files: [String: String]) throws {
            let folder = root.appendingPathComponent("class/power_supply/\(name)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (file, text) in files { try (text + "\n").write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8) }
        }
        #expect(BatteryProvider(root: root.path).read().isEmpty, "no power_supply folder: no battery")
        try device("AC", ["type": "Mains", "online": "0"])
        try device("BAT0", ["type": "Battery", "capacity": "47", "status": "Discharging", "energy_now": "23500000", "energy_full": "50000000", "power_now": "11750000"])
        try device("BAT1", ["type": "Battery", "capacity": "80", "status": "Charging", "charge_now": "4000000", "charge_full": "5000000", "current_now": "2000000"])
        let batteries = BatteryProvider(root: root.path).read()
        #expect(batteries.map(\.name) == ["BAT0", "BAT1"], "the mains adapter is not a battery")
        #expect(batteries[0].percent == 47 && batteries[0].secondsLeft == 7_200, "23.5 Wh at 11.75 W: two hours")
        #expect(batteries[1].state == "Charging" && batteries[1].secondsLeft == 1_800, "1 Ah to go at 2 A: half an hour")
    }

    @Test func bookmarksAreReadWithTheirNames() {
        let (bookmarks, rejected) = Bookmark.parse("GitHub=https://github.com, https://www.debian.org\nnot a link, Mail = mailto:me@example.com")
        #expect(bookmarks == [
            Bookmark(name: "GitHub", url: "https://github.com"), Bookmark(name: "www.debian.org", url: "https://www.debian.org"),
            Bookmark(name: "Mail", url: "mailto:me@example.com"),
        ])
        #expect(rejected == ["not a link"])
    }
}
