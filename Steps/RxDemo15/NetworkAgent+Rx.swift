// MARK: - NetworkAgent+Rx

// The MVVM article's wrapper, as it writes it: a callback API becomes a `Single`, the agent is
// captured weakly, and disposing the subscription stops the request.
extension Reactive where Base: NetworkAgent {
    func request<T: HandyJSON>(_ path: String, params: [String: Any]? = nil, modelType: T.Type) -> Single<T?> {
        return Single.create { [weak base] single in

            let cancle = base?.getCAPIURL(
                path, params: params,
                success: { (request) in

                    let jsonData = request.responseJSONObject
                    var model: T?
                    if let json = jsonData, let jsonDic = json as? [String: Any] {
                        model = T.deserialize(from: jsonDic)
                    }

                    single(.success(model))
                },
                failure: { (request) in
                    // Deviation: RxSwift 6's `SingleEvent` is `Result`: `.failure`, not the
                    // article's `.error`; `NetError` stands in for its app's `ZPMNetError`.
                    single(.failure(NetError(underlying: request.error)))
                })

            return Disposables.create {
                cancle?.stop()
            }
        }
    }
}
