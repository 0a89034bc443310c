import Foundation
import TileUI
import TileUISamples
import TileKit
import TileWidgets

// `make bench`: layout + render timings in a release build, as median (min–max) over many runs.

/// Runs `body` `iterations` times after a warm-up and returns per-run durations in microseconds.
func measure(iterations: Int, _ body: () -> Void) -> [Double] {
    for _ in 0..<max(1, iterations / 10) { body() }
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let elapsed = clock.measure(body)
        samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    return samples.sorted()
}

func report(_ name: String, _ samples: [Double], target: Double) {
    let median = samples[samples.count / 2]
    let verdict = median <= target ? "ok" : "OVER TARGET"
    let line = String(
        format: "%-44@ median %9.1f µs  (min %8.1f – max %9.1f)  target ≤ %.0f µs  %@",
        name as NSString, median, samples.first!, samples.last!, target, verdict as NSString)
    print(line)
}

var sink = 0
// TILES_BENCH_ONLY=medium|picture|system|large runs one case (for profiling).
let only = ProcessInfo.processInfo.environment["TILES_BENCH_ONLY"]
print("tiles-bench: TileUI layout + render (release build)")
if only == nil || only == "medium" {
    let medium = measure(iterations: 2_000) {
        sink &+= CellGrid.render(QQSyncMediumSample(), width: 42, height: 10).width
    }
    report("QQ Sync medium tree, 42×10", medium, target: 50)
}
if only == nil || only == "picture" {
    // A full-tile picture under a line of text, after the first render has decoded and resampled
    // it (both cached): what every later frame of QQ Sync's background costs.
    let picture = ZStack {
        Image("widget_background_test").resizable()
        Text("所有快乐都向你靠拢,所有好运都在路上。").foregroundColor(.white).padding()
    }
    let pictured = measure(iterations: 2_000) {
        sink &+= CellGrid.render(picture, width: 42, height: 10).width
    }
    report("Full-tile picture, medium 42×10", pictured, target: 60)
}
if only == nil || only == "system" {
    // The system widget in large (42×22): two gauges, an area chart and a bar chart of 30
    // readings each, from its sample entry, drawn as the board draws a tile.
    let services = WidgetServices(environment: [:], directories: nil, version: "bench", offline: true)
    let system = BuiltinWidgets.all(services: services).first { $0.kind == "system" }!
    let entry = system.placeholder(in: TimelineContext(family: .systemLarge, now: Date(timeIntervalSince1970: 1_800_000_000)))
    let drawn = measure(iterations: 1_000) {
        sink &+= system.render(entry, family: .systemLarge).grid.width
    }
    report("system widget, large 42×22", drawn, target: 200)
}
if only == nil || only == "large" {
    let large = measure(iterations: 300) {
        sink &+= CellGrid.render(LargeTreeSample(nodeCount: 1_000), width: 120, height: 100).height
    }
    report("1,000-node tree, 120×100", large, target: 2_000)
}
if sink == 42 { print("") }
