import Foundation
import TilesSDK

/// A configurable widget: the greeting and the name are parameters, edited on the board with `e`;
/// its 👋 button counts waves in the store every board of the user shares.
struct GreetingWidget: Widget {
    var body: some WidgetConfiguration {
        IntentConfiguration(kind: "greeting", intent: GreetingIntent.self, provider: GreetingProvider()) { entry in
            GreetingView(entry: entry)
        }
        .configurationDisplayName("Greeting")
        .description("Says hello, changing with the time of day.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .intents(WaveIntent.self)
    }
}

/// 👋: one more wave. It runs in this program when the button is pressed on the board; tiles
/// then draws the timeline that follows, with the new count.
struct WaveIntent: AppIntent {
    static let identifier = "greeting.wave"

    func perform(in context: IntentContext) async throws {
        try context.store?.update("greeting.waves") { count in String((Int(count ?? "") ?? 0) + 1) }
    }
}

/// The store tiles' widgets share, in this user's data folder.
let sharedStore = SharedStore(directory: TilesDirectories(environment: ProcessInfo.processInfo.environment).data)

struct GreetingIntent: WidgetIntent {
    var name = "world"
    var loud = false
    static let parameters: [WidgetParameter<Self>] = [
        .string("name", title: "Name", \.name),
        .bool("loud", title: "Shout", \.loud),
    ]
}

struct GreetingEntry: TimelineEntry {
    var date: Date
    var greeting: String
    var waves = 0
}

struct GreetingProvider: IntentTimelineProvider {
    func placeholder(in context: TimelineContext) -> GreetingEntry {
        GreetingEntry(date: context.now, greeting: "Hello")
    }

    func snapshot(for configuration: GreetingIntent, in context: TimelineContext) async -> GreetingEntry {
        GreetingEntry(date: context.now, greeting: greeting(configuration, at: context.now))
    }

    func timeline(for configuration: GreetingIntent, in context: TimelineContext) async throws -> Timeline<GreetingEntry> {
        // One entry now and one at each of the next turns of the day (06:00, 12:00, 18:00, 00:00 UTC).
        let calendar = Calendar(identifier: .gregorian)
        let hour = calendar.component(.hour, from: context.now)
        let start = calendar.date(bySettingHour: hour - hour % 6, minute: 0, second: 0, of: context.now)!
        let turns = (1...4).map { start.addingTimeInterval(Double($0) * 6 * 3600) }
        let waves = Int(sharedStore.value(forKey: "greeting.waves") ?? "") ?? 0
        let entries = [GreetingEntry(date: context.now, greeting: greeting(configuration, at: context.now), waves: waves)]
            + turns.map { GreetingEntry(date: $0, greeting: greeting(configuration, at: $0), waves: waves) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    private func greeting(_ configuration: GreetingIntent, at date: Date) -> String {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let part = switch utc.component(.hour, from: date) {
        case 0..<6: "Good night"
        case 6..<12: "Good morning"
        case 12..<18: "Good afternoon"
        default: "Good evening"
        }
        let text = "\(part), \(configuration.name)"
        return configuration.loud ? text.uppercased() + "!" : text
    }
}

struct GreetingView: View {
    var entry: GreetingEntry

    var body: some View {
        ZStack {
            Color("accent").opacity(0.3)
            VStack(spacing: 1) {
                Text(entry.greeting)
                    .font(.headline)
                    .multilineTextAlignment(.center)
                Button(intent: WaveIntent()) {
                    Text("👋 \(entry.waves)").invalidatableContent()
                }
            }
            .padding(1)
        }
    }
}
