// MARK: - SearchScreen

// The view controller: it owns the controls and the bag, hands the view model its inputs,
// and binds the outputs to the controls. Nothing else: the logic is the view model's.
final class SearchScreen {
    let searchField = TextField()
    let refreshButton = Button()
    let resultsLabel = Label()
    let spinner = ActivityIndicatorView()
    let errorLabel = Label()

    private let viewModel: SearchViewModel
    private let disposeBag = DisposeBag()

    init(agent: NetworkAgent) {
        viewModel = SearchViewModel(agent: agent)
        let output = viewModel.transform(
            input: SearchViewModel.Input(
                query: searchField.rx.text.orEmpty.asDriver(onErrorJustReturn: ""),
                refresh: refreshButton.rx.tap.asSignal(onErrorJustReturn: ())))
        output.results.map { $0.joined(separator: ", ") }.drive(resultsLabel.rx.text).disposed(by: disposeBag)
        output.isLoading.drive(spinner.rx.isAnimating).disposed(by: disposeBag)
        output.errorMessage.drive(errorLabel.rx.text).disposed(by: disposeBag)
    }
}
