import Foundation

// MARK: - NetworkAgent

// Deviation: the MVVM article's `ZPMNetworkAgent` wraps a real HTTP client; this one answers
// from a script, so that the demo and the tests say when each request replies or fails. Its
// API is the article's: `getCAPIURL(_:params:success:failure:)` returns the request, whose
// `stop()` cancels it, and calls back with the request, its `responseJSONObject` or `error`.
final class NetworkAgent: NSObject {
    final class Request {
        let number: Int
        let path: String
        let params: [String: Any]?
        var responseJSONObject: Any?
        var error: Swift.Error?
        fileprivate(set) var isStopped = false
        fileprivate(set) var isFinished = false
        fileprivate let success: (Request) -> Void
        fileprivate let failure: (Request) -> Void
        fileprivate weak var agent: NetworkAgent?

        fileprivate init(
            number: Int, path: String, params: [String: Any]?, success: @escaping (Request) -> Void,
            failure: @escaping (Request) -> Void
        ) {
            self.number = number
            self.path = path
            self.params = params
            self.success = success
            self.failure = failure
        }

        // Cancels a request still on the wire; one that has answered has nothing to stop.
        func stop() {
            guard !isStopped, !isFinished else { return }
            isStopped = true
            agent?.onEvent?("request \(number) cancelled")
        }
    }

    // What happens on the wire: "request 1 starts: search q=sw", "request 1 cancelled".
    var onEvent: ((String) -> Void)?
    private(set) var requests: [Request] = []

    func getCAPIURL(
        _ path: String, params: [String: Any]?, success: @escaping (Request) -> Void,
        failure: @escaping (Request) -> Void
    ) -> Request? {
        let request = Request(
            number: requests.count + 1, path: path, params: params, success: success, failure: failure)
        request.agent = self
        requests.append(request)
        let query = (params ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        onEvent?("request \(request.number) starts: \(path) \(query)")
        return request
    }

    // The server's side: request `number` replies or fails, unless it was stopped.
    func reply(to number: Int, with json: [String: Any]) {
        guard let request = requests.first(where: { $0.number == number }), !request.isStopped else { return }
        request.isFinished = true
        request.responseJSONObject = json
        request.success(request)
    }

    func fail(_ number: Int, with error: Swift.Error) {
        guard let request = requests.first(where: { $0.number == number }), !request.isStopped else { return }
        request.isFinished = true
        request.error = error
        request.failure(request)
    }
}

// Deviation: the article's models use the HandyJSON library; this is the one call of it that
// the article makes.
protocol HandyJSON {
    static func deserialize(from dict: [String: Any]?) -> Self?
}

// What the server's search answers.
struct SearchResult: HandyJSON {
    var titles: [String] = []

    static func deserialize(from dict: [String: Any]?) -> SearchResult? {
        (dict?["titles"] as? [String]).map { SearchResult(titles: $0) }
    }
}

// What a failed request fails with.
struct NetError: Swift.Error, CustomDebugStringConvertible {
    let underlying: Swift.Error?

    var debugDescription: String { "NetError(\(underlying.map { "\($0)" } ?? "unknown"))" }
}
