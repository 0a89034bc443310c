import Foundation
import Testing
import TileKit
@testable import TileWidgets

private let quoteJSON = #"""
{"id":6325,"uuid":"2017e206-f81b-48c1-93e3-53a63a9de199","hitokoto":"自责要短暂，不过要长久铭记。",
 "type":"h","from":"当你沉睡时","from_who":null,"creator":"沈时筠","creator_uid":6568,
 "reviewer":1,"commit_from":"web","created_at":"1593237879","length":14}
"""#

private let branchJSON = #"""
{"name":"main",
 "commit":{"sha":"7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
   "commit":{"author":{"name":"The Octocat","email":"octocat@nowhere.com","date":"2012-03-06T23:06:50Z"},
             "committer":{"name":"x","email":"x","date":"2012-03-06T23:06:50Z"},
             "message":"Shipped cool_feature!\n\nLonger body that is not shown.","comment_count":0},
   "url":"https://api.github.com/repos/octocat/Hello-World/commits/7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
   "html_url":"https://github.com/octocat/Hello-World/commit/7fd1a60b01f91b314f59955a4e4d4e80d8edf11d",
   "author":null,"parents":[]},
 "protected":false}
"""#

extension NetworkSuite {
    @Suite struct HitokotoServiceTests {
        @Test func quoteSendsTheQueryAndDecodesTheSample() async throws {
            try await LocalHTTPServer.with(routes: ["/": { _ in .json(quoteJSON) }]) { server in
                let quote = try await withFetcher { fetcher in
                    try await HitokotoService(baseURL: server.baseURL, fetcher: fetcher)
                        .quote(categories: ["a", "d"], minLength: 4, maxLength: 20)
                }
                #expect(quote.text == "自责要短暂，不过要长久铭记。")
                #expect(quote.from == "当你沉睡时")
                #expect(quote.fromWho == nil)
                #expect(quote.uuid == "2017e206-f81b-48c1-93e3-53a63a9de199")
                #expect(quote.pageURL.absoluteString == "https://hitokoto.cn?uuid=2017e206-f81b-48c1-93e3-53a63a9de199")
                let request = try #require(server.requests(to: "/").first)
                #expect(request.queryValues("c") == ["a", "d"])
                #expect(request.queryValues("min_length") == ["4"])
                #expect(request.queryValues("max_length") == ["20"])
                #expect(request.queryValues("encode") == ["json"])
                #expect(request.header("User-Agent")?.hasPrefix("tiles/") == true)
            }
        }

        @Test(arguments: [
            (#"{"uuid":"u","from":"x"}"#, "hitokoto"),
            (#"{"hitokoto":5,"uuid":"u","from":"x"}"#, "hitokoto"),
            (#"{"hitokoto":"ok","uuid":"u""#, "not valid JSON"),
            ("<html>busy</html>", "not valid JSON"),
        ])
        func badResponsesAreMalformed(body: String, mentions: String) async throws {
            try await LocalHTTPServer.with(routes: ["/": { _ in .json(body) }]) { server in
                let error = try await withFetcher { fetcher in
                    await fetchError { () async throws(FetchError) in
                        try await HitokotoService(baseURL: server.baseURL, fetcher: fetcher).quote()
                    }
                }
                guard case .malformed(let reason) = error else {
                    Issue.record("expected .malformed, got \(String(describing: error))")
                    return
                }
                #expect(reason.contains(mentions), "reason: \(reason)")
            }
        }

        @Test func invalidUTF8InAQuoteBecomesReplacementCharacters() async throws {
            let body = Array(#"{"hitokoto":"ok "#.utf8) + [0xFF, 0xC3, 0x28] + Array(#" end","from":"f","uuid":"u"}"#.utf8)
            try await LocalHTTPServer.with(routes: ["/": { _ in .respond(status: 200, headers: [], body: body) }]) { server in
                let quote = try await withFetcher { fetcher in
                    try await HitokotoService(baseURL: server.baseURL, fetcher: fetcher).quote()
                }
                #expect(quote.text == "ok \u{FFFD}\u{FFFD}( end")
            }
        }

        @Test func escapeSequencesAndBidiControlsAreRemoved() async throws {
            let json = #"{"hitokoto":"safe\u001b]52;c;ZXZpbA==\u0007 text\u001b[2J \u202Eevil","from":"\u009b31mbook","from_who":"a\u001b[0mb","uuid":"u"}"#
            try await LocalHTTPServer.with(routes: ["/": { _ in .json(json) }]) { server in
                let quote = try await withFetcher { fetcher in
                    try await HitokotoService(baseURL: server.baseURL, fetcher: fetcher).quote()
                }
                #expect(quote.text == "safe text evil")
                #expect(quote.from == "book")
                #expect(quote.fromWho == "ab")
            }
        }

        @Test func serviceErrorMessageIsKept() async throws {
            let json = #"{"status":400,"message":"很抱歉，没有分类有句子符合长度区间。","data":[],"ts":1700000000000}"#
            try await LocalHTTPServer.with(routes: ["/": { _ in .json(json, status: 400) }]) { server in
                let error = try await withFetcher { fetcher in
                    await fetchError { () async throws(FetchError) in
                        try await HitokotoService(baseURL: server.baseURL, fetcher: fetcher).quote(minLength: 900)
                    }
                }
                #expect(error == .http(status: 400, message: "很抱歉，没有分类有句子符合长度区间。"))
            }
        }
    }

    @Suite struct OpenMeteoServiceTests {
        static let geocode = #"{"results":[{"id":1796236,"name":"上海","latitude":31.22222,"longitude":121.45806,"feature_code":"PPLA","country_code":"CN","timezone":"Asia/Shanghai","admin1":"上海"}],"generationtime_ms":0.5}"#
        static let forecast = #"{"latitude":31.25,"longitude":121.5,"utc_offset_seconds":28800,"timezone":"Asia/Shanghai","current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},"current":{"time":"2022-06-09T14:45","interval":900,"temperature_2m":28.1,"weather_code":2}}"#

        @Test func currentWeatherGeocodesOnceThenAsksForTheForecast() async throws {
            try await LocalHTTPServer.with(routes: [
                "/v1/search": { _ in .json(Self.geocode) },
                "/v1/forecast": { _ in .json(Self.forecast) },
            ]) { server in
                let cache = InMemoryGeocodeCache()
                let (first, second) = try await withFetcher { fetcher in
                    let service = OpenMeteoService(forecastURL: server.baseURL, geocodingURL: server.baseURL, fetcher: fetcher, cache: cache)
                    return (try await service.currentWeather(city: "上海"), try await service.currentWeather(city: "上海"))
                }
                #expect(first == Weather(code: 2, temperature: 28.1, city: "上海", observedAt: "2022-06-09T14:45"))
                #expect(first.temperatureText == "28℃")
                #expect(second == first)
                #expect(cache.coordinates(for: "上海") == Coordinates(latitude: 31.22222, longitude: 121.45806, name: "上海"))

                let searches = server.requests(to: "/v1/search")
                #expect(searches.count == 1)
                #expect(searches.first?.queryValues("name") == ["上海"])
                #expect(searches.first?.queryValues("count") == ["1"])
                #expect(searches.first?.queryValues("language") == ["zh"])
                #expect(searches.first?.queryValues("format") == ["json"])
                let forecast = try #require(server.requests(to: "/v1/forecast").first)
                #expect(forecast.queryValues("latitude") == ["31.22222"])
                #expect(forecast.queryValues("longitude") == ["121.45806"])
                #expect(forecast.queryValues("current") == ["temperature_2m,weather_code"])
                #expect(forecast.queryValues("timezone") == ["auto"])
            }
        }

        @Test func unknownCityIsNotFound() async throws {
            try await LocalHTTPServer.with(routes: ["/v1/search": { _ in .json(#"{"generationtime_ms":0.3}"#) }]) { server in
                let error = try await withFetcher { fetcher in
                    await fetchError { () async throws(FetchError) in
                        try await OpenMeteoService(forecastURL: server.baseURL, geocodingURL: server.baseURL, fetcher: fetcher)
                            .currentWeather(city: "Atlantis")
                    }
                }
                #expect(error == .http(status: 404, message: "city not found: Atlantis"))
                #expect(error?.description == "city not found: Atlantis")
            }
        }

        @Test func temperatureTextRoundsToWholeDegrees() {
            #expect(Weather(code: 0, temperature: 27.5, city: "x", observedAt: nil).temperatureText == "28℃")
            #expect(Weather(code: 0, temperature: -0.4, city: "x", observedAt: nil).temperatureText == "0℃")
            #expect(Weather(code: 0, temperature: -3.6, city: "x", observedAt: nil).temperatureText == "-4℃")
        }
    }

    @Suite struct GitHubServiceTests {
        @Test func latestCommitDecodesTheBranchAndSendsTheAPIHeaders() async throws {
            try await LocalHTTPServer.with(routes: ["/repos/octocat/Hello-World/branches/main": { _ in .json(branchJSON) }]) { server in
                let commit = try await withFetcher { fetcher in
                    try await GitHubService(baseURL: server.baseURL, token: nil, fetcher: fetcher)
                        .latestCommit(owner: "octocat", repo: "Hello-World", branch: "main")
                }
                #expect(commit.sha == "7fd1a60b01f91b314f59955a4e4d4e80d8edf11d")
                #expect(commit.message == "Shipped cool_feature!")
                #expect(commit.author == "The Octocat")
                #expect(commit.date == Date(timeIntervalSince1970: 1_331_075_210))
                #expect(commit.url.absoluteString == "https://github.com/octocat/Hello-World/commit/7fd1a60b01f91b314f59955a4e4d4e80d8edf11d")
                let request = try #require(server.requests(to: "/repos/octocat/Hello-World/branches/main").first)
                #expect(request.header("Accept") == "application/vnd.github+json")
                #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
                #expect(request.header("Authorization") == nil)
                #expect(request.header("User-Agent") == "tiles/9.9.9 (+https://github.com/tiles)")
            }
        }

        @Test func tokenIsSentAsBearerAndNeverAppearsInErrors() async throws {
            let token = "ghp_secretSECRET123"
            try await LocalHTTPServer.with(routes: [
                "/repos/o/r/branches/main": { request in
                    request.header("Authorization") == "Bearer \(token)"
                        ? .json(branchJSON)
                        : .json(#"{"message":"Bad credentials"}"#, status: 401)
                },
                "/repos/o/r/branches/dev": { _ in .json(#"{"message":"Bad credentials"}"#, status: 401) },
            ]) { server in
                try await withFetcher { fetcher in
                    let service = GitHubService(baseURL: server.baseURL, token: token, fetcher: fetcher)
                    _ = try await service.latestCommit(owner: "o", repo: "r", branch: "main")
                    let error = await fetchError { () async throws(FetchError) in
                        try await service.latestCommit(owner: "o", repo: "r", branch: "dev")
                    }
                    #expect(error == .http(status: 401, message: "GitHub rejected the token (401)"))
                    let texts = [error?.description, error?.detail, error.map { String(describing: $0) }].compactMap { $0 }
                    #expect(texts.allSatisfy { !$0.contains(token) })
                }
                let sent = server.requests(to: "/repos/o/r/branches/main").first?.header("Authorization")
                #expect(sent == "Bearer \(token)")
            }
        }

        @Test func branchWithSlashIsPercentEncoded() async throws {
            try await LocalHTTPServer.with(routes: ["/repos/o/r/branches/feature/x": { _ in .json(branchJSON) }]) { server in
                _ = try await withFetcher { fetcher in
                    try await GitHubService(baseURL: server.baseURL, token: nil, fetcher: fetcher)
                        .latestCommit(owner: "o", repo: "r", branch: "feature/x")
                }
                let request = try #require(server.requests(to: "/repos/o/r/branches/feature/x").first)
                #expect(request.uri == "/repos/o/r/branches/feature%2Fx")
            }
        }

        @Test func unchangedBranchIsRevalidatedWithItsETag() async throws {
            let etag = #""abc123""#
            try await LocalHTTPServer.with(routes: [
                "/repos/o/r/branches/main": { request in
                    request.header("If-None-Match") == etag
                        ? .respond(status: 304, headers: [("ETag", etag)], body: [])
                        : .json(branchJSON, headers: [("ETag", etag)])
                },
            ]) { server in
                let (first, second) = try await withFetcher { fetcher in
                    let service = GitHubService(baseURL: server.baseURL, token: nil, fetcher: fetcher)
                    return (
                        try await service.latestCommit(owner: "o", repo: "r", branch: "main"),
                        try await service.latestCommit(owner: "o", repo: "r", branch: "main")
                    )
                }
                #expect(second == first)
                let requests = server.requests(to: "/repos/o/r/branches/main")
                #expect(requests.count == 2)
                #expect(requests.last?.header("If-None-Match") == etag)
            }
        }

        @Test func missingBranchAndRepositoryAreNamed() async throws {
            try await LocalHTTPServer.with(routes: [
                "/repos/o/r/branches/gone": { _ in .json(#"{"message":"Branch not found","status":"404"}"#, status: 404) },
                "/repos/o/missing/branches/main": { _ in .json(#"{"message":"Not Found"}"#, status: 404) },
            ]) { server in
                try await withFetcher { fetcher in
                    let service = GitHubService(baseURL: server.baseURL, token: nil, fetcher: fetcher)
                    let branch = await fetchError { () async throws(FetchError) in
                        try await service.latestCommit(owner: "o", repo: "r", branch: "gone")
                    }
                    #expect(branch == .http(status: 404, message: "branch not found: o/r@gone"))
                    let repo = await fetchError { () async throws(FetchError) in
                        try await service.latestCommit(owner: "o", repo: "missing", branch: "main")
                    }
                    #expect(repo == .http(status: 404, message: "repository not found (or private): o/missing"))
                }
            }
        }
    }
}

@Suite struct ServiceEndpointsTests {
    @Test func defaultsAreTheRealServices() {
        let endpoints = ServiceEndpoints(settings: ServiceSettings())
        #expect(endpoints.hitokoto.absoluteString == "https://v1.hitokoto.cn")
        #expect(endpoints.openMeteo.absoluteString == "https://api.open-meteo.com")
        #expect(endpoints.geocoding.absoluteString == "https://geocoding-api.open-meteo.com")
        #expect(endpoints.githubAPI.absoluteString == "https://api.github.com")
    }

    @Test func validOverridesReplaceDefaultsAndInvalidOnesAreReported() {
        let settings = ServiceSettings(
            hitokoto: "http://127.0.0.1:8080", openMeteo: "not a url", geocoding: "ftp://example.com", githubAPI: "http://127.0.0.1:9090/api")
        let endpoints = ServiceEndpoints(settings: settings)
        #expect(endpoints.hitokoto.absoluteString == "http://127.0.0.1:8080")
        #expect(endpoints.openMeteo == ServiceEndpoints.defaultOpenMeteo)
        #expect(endpoints.geocoding == ServiceEndpoints.defaultGeocoding)
        #expect(endpoints.githubAPI.absoluteString == "http://127.0.0.1:9090/api")
        #expect(ServiceEndpoints.invalid(in: settings) == ["open_meteo", "geocoding"])
    }

    @Test func overridesAreTrimmedOfSpaces() {
        #expect(ServiceEndpoints(settings: ServiceSettings(hitokoto: " \thttp://127.0.0.1:8080\u{3000}")).hitokoto.absoluteString
            == "http://127.0.0.1:8080")
    }

    @Test func baseURLWithAPathKeepsIt() throws {
        let base = try #require(URL(string: "http://127.0.0.1:9090/api/"))
        let url = try ServiceURL.make(base: base, segments: ["repos", "o", "r", "branches", "a/b"])
        #expect(url.absoluteString == "http://127.0.0.1:9090/api/repos/o/r/branches/a%2Fb")
    }
}
