import FoundationEssentials
import TileKit
#if canImport(Glibc)
import Glibc
#endif

public enum BuiltinWidgets {
    /// Every built-in widget, reading the world through `services`.
    public static func all(services: WidgetServices) -> [WidgetDescriptor] {
        QQSyncWidget.configuration(services: services)._descriptors
            + AlipayWidget.configuration(services: services)._descriptors
            + CommitWidget.configuration(services: services)._descriptors
            + CountdownWidget.configuration(services: services)._descriptors
            + SystemWidget.configuration(services: services)._descriptors
            + CalendarWidget.configuration(services: services)._descriptors
            + TodoWidget.configuration(services: services)._descriptors
            + MonitorWidget.configuration(services: services)._descriptors
            + PrometheusWidget.configuration(services: services)._descriptors
            + ClockWidget.configuration(services: services)._descriptors
            + DiskWidget.configuration(services: services)._descriptors
            + BatteryWidget.configuration(services: services)._descriptors
            + LinksWidget.configuration(services: services)._descriptors
            + WeatherWidget.configuration(services: services)._descriptors
            + FeedWidget.configuration(services: services)._descriptors
            + HackerNewsWidget.configuration(services: services)._descriptors
            + AgendaWidget.configuration(services: services)._descriptors
            + GitHubWidget.configuration(services: services)._descriptors
    }

    /// The board without a config file: the three widgets in medium.
    public static let defaultBoard: [(id: String, kind: String, family: WidgetFamily)] = [
        ("qqsync", "qqsync", .systemMedium),
        ("alipay", "alipay", .systemMedium),
        ("commit", "commit", .systemMedium),
    ]
}
