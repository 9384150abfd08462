// MARK: - Multicast

extension Publisher {
    // One subject, made by `createSubject` at the first subscription or connection, between
    // the upstream and every subscriber.
    func multicast<SubjectType: Subject>(
        _ createSubject: @escaping () -> SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where Failure == SubjectType.Failure, Output == SubjectType.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    func multicast<SubjectType: Subject>(
        subject: SubjectType
    ) -> Publishers.Multicast<Self, SubjectType> where Failure == SubjectType.Failure, Output == SubjectType.Output {
        multicast { subject }
    }
}
