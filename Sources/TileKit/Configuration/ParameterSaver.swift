/// How an edit form's values reach a tile, the same in every front end: checked by the widget,
/// written by the board's saver (the config file's editor; none for a `--tiles` board, whose
/// edits last for this run), and only then given to the tile by the caller.
public struct ParameterSaver: Sendable {
    /// Writes widget `member`'s parameters of tile `tileID` into the config file; what to tell the user.
    public typealias Save = @Sendable (_ tileID: String, _ member: Int, _ values: [String: ParameterValue]) throws -> String

    /// Why the values were not saved; nothing changed.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// A value the widget does not take.
        case invalid(String)
        /// The saver refused: the file changed on disk meanwhile, or could not be written.
        case notSaved(String)

        public var description: String {
            switch self {
            case .invalid(let reason): reason
            case .notSaved(let reason): "not saved: \(reason)"
            }
        }
    }

    /// The board's saver; nil when the board has no file.
    public var save: Save?

    public init(save: Save?) {
        self.save = save
    }

    /// Checks `values` against `widget`, then saves them as widget `member`'s of tile `tileID`:
    /// every parameter, resolved, and what to tell the user.
    public func save(_ values: [String: ParameterValue], of widget: WidgetDescriptor, tile tileID: String, member: Int)
        throws(Failure) -> (values: [String: ParameterValue], report: String) {
        let resolved: [String: ParameterValue]
        do {
            resolved = try widget.resolveParameters(values)
        } catch {
            throw .invalid(error.description)
        }
        guard let save else { return (resolved, "\(tileID): applied to this run only (the board comes from --tiles, not a config file)") }
        do {
            return (resolved, try save(tileID, member, resolved))
        } catch {
            throw .notSaved("\(error)")
        }
    }
}
