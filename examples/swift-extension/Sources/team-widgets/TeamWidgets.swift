import TilesSDK

/// The widgets this program serves. tiles asks it `describe` once, then for timelines by kind.
@main
struct TeamWidgets: WidgetExtension {
    var body: some Widget {
        UptimeWidget()
        GreetingWidget()
    }
}
