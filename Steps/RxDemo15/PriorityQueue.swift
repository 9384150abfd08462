// MARK: - PriorityQueue

// A binary heap: the element of highest priority first, in O(log n) per enqueue and dequeue.
// A virtual-time scheduler keeps its items here, so that running n items costs n log n, not
// n² as a list scanned for the earliest item before every run would.
struct PriorityQueue<Element> {
    private let hasHigherPriority: (Element, Element) -> Bool
    private var elements: [Element] = []

    init(hasHigherPriority: @escaping (Element, Element) -> Bool) {
        self.hasHigherPriority = hasHigherPriority
    }

    func peek() -> Element? { self.elements.first }

    mutating func enqueue(_ element: Element) {
        self.elements.append(element)
        var child = self.elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard self.hasHigherPriority(self.elements[child], self.elements[parent]) else { break }
            self.elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func dequeue() -> Element? {
        guard !self.elements.isEmpty else { return nil }
        self.elements.swapAt(0, self.elements.count - 1)
        let first = self.elements.removeLast()
        var parent = 0
        while true {
            var best = parent
            let left = 2 * parent + 1
            let right = left + 1
            if left < self.elements.count && self.hasHigherPriority(self.elements[left], self.elements[best]) {
                best = left
            }
            if right < self.elements.count && self.hasHigherPriority(self.elements[right], self.elements[best]) {
                best = right
            }
            if best == parent { return first }
            self.elements.swapAt(parent, best)
            parent = best
        }
    }
}
