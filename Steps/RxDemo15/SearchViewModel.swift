// MARK: - SearchViewModel

// A search screen's logic: a query or a refresh tap in; results, a loading flag and an error
// message out, each a `Driver`, so that the screen can bind them without a thought about
// threads or errors.
final class SearchViewModel: ViewModelType {
    struct Input {
        let query: Driver<String>
        let refresh: Signal<Void>
    }

    struct Output {
        let results: Driver<[String]>
        let isLoading: Driver<Bool>
        let errorMessage: Driver<String?>
    }

    // What the screen shows for one search.
    enum State {
        case loading
        case loaded([String])
        case failed(String)

        var results: [String] { if case .loaded(let results) = self { results } else { [] } }
        var isLoading: Bool { if case .loading = self { true } else { false } }
        var errorMessage: String? { if case .failed(let message) = self { message } else { nil } }
    }

    private let agent: NetworkAgent

    init(agent: NetworkAgent) {
        self.agent = agent
    }

    func transform(input: Input) -> Output {
        // A new query, or the latest one again on a refresh tap.
        let queries = Observable.merge(
            input.query.asObservable(), input.refresh.withLatestFrom(input.query).asObservable())
        // flatMapLatest disposes the request before it, which stops it. Each request catches
        // its own error, so that one failure leaves the search working.
        let states = queries.flatMapLatest { [agent] query -> Observable<State> in
            if query.isEmpty { return Observable.just(State.loaded([])) }
            return Observable.merge(
                Observable.just(State.loading),
                agent.rx.request("search", params: ["q": query], modelType: SearchResult.self)
                    .map { State.loaded($0?.titles ?? []) }
                    .asObservable()
                    .catchAndReturn(State.failed("Search failed. Tap refresh to try again."))
            )
        }
        .asDriver(onErrorJustReturn: State.failed("Search stopped."))
        return Output(
            results: states.map { $0.results }, isLoading: states.map { $0.isLoading },
            errorMessage: states.map { $0.errorMessage })
    }
}
