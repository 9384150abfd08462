// MARK: - ViewModelType

// The MVVM article's shape for every screen: what the view sends in, what it shows, and one
// function from the one to the other. A view model with no other way in can be tested by
// feeding its inputs and reading its outputs, with no screen at all.
protocol ViewModelType {
    associatedtype Input
    associatedtype Output

    func transform(input: Input) -> Output
}
