import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A kind of widget, as WidgetKit's `Widget`: its `body` is a configuration naming its kind,
/// provider, view and families.
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    /// The widget's configuration.
    var body: Body { get }
}

extension Widget {
    /// The widget's kind, from its configuration.
    public var kind: String { body._descriptors.first?.kind ?? "" }
}

/// Several widgets offered together, as WidgetKit's `WidgetBundle`. No limit on the count; a
/// bundle inside a bundle is flattened.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

extension WidgetBundle {
    /// The bundle's widgets in gallery order; throws when two share a kind (B2.4).
    public func widgets() throws(WidgetBundleError) -> [WidgetDescriptor] {
        let descriptors = body.body._descriptors
        var seen: Set<String> = []
        for descriptor in descriptors where !seen.insert(descriptor.kind).inserted {
            throw .duplicateKind(descriptor.kind)
        }
        return descriptors
    }
}

/// A bundle whose widgets cannot be offered together.
public enum WidgetBundleError: Error, Equatable, CustomStringConvertible {
    case duplicateKind(String)

    public var description: String {
        switch self {
        case .duplicateKind(let kind): "two widgets in the bundle have the kind '\(kind)'; kinds must be unique"
        }
    }
}

/// The widgets a bundle's `body` lists.
public struct WidgetGroup: Widget {
    let descriptors: [WidgetDescriptor]

    public init() { descriptors = [] }
    init(descriptors: [WidgetDescriptor]) { self.descriptors = descriptors }

    public var body: ModifiedWidgetConfiguration { ModifiedWidgetConfiguration(_descriptors: descriptors) }
}

/// Builds a bundle's list of widgets, as WidgetKit's `WidgetBundleBuilder`, without a count limit.
@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildExpression<W: Widget>(_ widget: W) -> [WidgetDescriptor] {
        widget.body._descriptors
    }

    public static func buildExpression<B: WidgetBundle>(_ bundle: B) -> [WidgetDescriptor] {
        bundle.body.body._descriptors
    }

    public static func buildBlock(_ parts: [WidgetDescriptor]...) -> [WidgetDescriptor] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [WidgetDescriptor]?) -> [WidgetDescriptor] { part ?? [] }
    public static func buildEither(first: [WidgetDescriptor]) -> [WidgetDescriptor] { first }
    public static func buildEither(second: [WidgetDescriptor]) -> [WidgetDescriptor] { second }
    public static func buildArray(_ parts: [[WidgetDescriptor]]) -> [WidgetDescriptor] { parts.flatMap { $0 } }
    public static func buildFinalResult(_ descriptors: [WidgetDescriptor]) -> WidgetGroup {
        WidgetGroup(descriptors: descriptors)
    }
}
