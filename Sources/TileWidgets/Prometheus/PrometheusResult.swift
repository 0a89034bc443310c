import FoundationEssentials

/// What a PromQL query answered (the HTTP API's `data`): series with their labels and values, an
/// instant's one value each, a range's values over time. Read from JSON with `Codable`; a value
/// Prometheus writes as text (`"1.5"`, `"NaN"`, `"+Inf"`) becomes a `Double`.
struct PrometheusResult: Codable, Hashable, Sendable {
    struct Series: Codable, Hashable, Sendable {
        var labels: [String: String]
        /// (Unix seconds, value), oldest first; one for an instant query.
        var samples: [Sample]

        var latest: Double? { samples.last?.value }
    }

    struct Sample: Codable, Hashable, Sendable {
        var time: Double
        var value: Double
    }

    var series: [Series]

    /// The series' name on a row: its labels but `__name__` and those every series of the answer
    /// shares (`job`, often), a lone label by its value (`web-1`); else the metric's name, or
    /// `value` for a result with no labels.
    func name(of series: Series) -> String {
        Self.name(of: series.labels.filter { key, value in !commonLabels.contains { $0.key == key && $0.value == value } })
    }

    /// The labels every series has alike, when there are several series.
    private var commonLabels: [String: String] {
        guard series.count > 1, let first = series.first?.labels else { return [:] }
        return first.filter { key, value in series.allSatisfy { $0.labels[key] == value } }
    }

    static func name(of labels: [String: String]) -> String {
        let shown = labels.filter { $0.key != "__name__" }
        if shown.count == 1, let only = shown.first { return only.value }
        if !shown.isEmpty { return shown.keys.sorted().map { "\($0)=\(shown[$0]!)" }.joined(separator: ", ") }
        return labels["__name__"] ?? "value"
    }

    /// Reads the API's answer (`{"status": "success", "data": {"resultType": …, "result": …}}`).
    init(apiResponse body: [UInt8]) throws(PrometheusProblem) {
        struct Answer: Decodable {
            var status: String
            var error: String?
            var data: Data?
            struct Data: Decodable {
                var resultType: String
                var result: Result
            }
            enum Result: Decodable {
                case series([Item])
                case scalar([Value])
                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let items = try? container.decode([Item].self) { self = .series(items) } else { self = .scalar(try container.decode([Value].self)) }
                }
            }
            struct Item: Decodable {
                var metric: [String: String]
                var value: [Value]?
                var values: [[Value]]?
            }
            /// A sample's time (a number) or value (text).
            enum Value: Decodable {
                case number(Double)
                case text(String)
                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let number = try? container.decode(Double.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
                }
                var double: Double? {
                    switch self {
                    case .number(let number): number
                    case .text(let text): Double(text)
                    }
                }
            }
        }
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: Data(body))
        } catch {
            throw PrometheusProblem(description: "not a Prometheus API answer")
        }
        guard answer.status == "success", let data = answer.data else {
            throw PrometheusProblem(description: answer.error ?? "the query failed")
        }
        func sample(_ pair: [Answer.Value]) -> Sample? {
            guard pair.count == 2, let time = pair[0].double, let value = pair[1].double else { return nil }
            return Sample(time: time, value: value)
        }
        switch data.result {
        case .scalar(let pair):
            series = [Series(labels: [:], samples: sample(pair).map { [$0] } ?? [])]
        case .series(let items):
            series = items.map { item in
                Series(labels: item.metric, samples: item.value.flatMap(sample).map { [$0] } ?? (item.values ?? []).compactMap(sample))
            }
        }
    }

    init(series: [Series]) {
        self.series = series
    }
}

/// Why a query has no answer to show, as the tile says it.
struct PrometheusProblem: Error, CustomStringConvertible {
    var description: String
}
