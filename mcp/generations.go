package mcp

// generations is a map of at most a bound of entries that forgets its
// oldest first: entries go into the newer of two maps, and once that holds half of
// bound it becomes the older, the older before it dropped. A lookup sees
// both, so the latest bound/2 entries at least are always known. A map
// cleared whole at its bound forgot the latest ones with the rest: an event
// replayed just after it was counted as new. The zero value is unusable:
// make one with newGenerations.
type generations[K comparable, V any] struct {
	newer, older map[K]V
	half         int
}

// newGenerations makes a generations of at most bound entries.
func newGenerations[K comparable, V any](bound int) *generations[K, V] {
	half := max(1, bound/2)
	return &generations[K, V]{newer: map[K]V{}, half: half}
}

// get is k's value, and whether it is kept.
func (g *generations[K, V]) get(k K) (V, bool) {
	if v, ok := g.newer[k]; ok {
		return v, true
	}
	v, ok := g.older[k]
	return v, ok
}

// put keeps v under k as the newest entry, forgetting the older
// generation when the newer is full.
func (g *generations[K, V]) put(k K, v V) {
	if _, ok := g.newer[k]; !ok && len(g.newer) >= g.half {
		g.older, g.newer = g.newer, make(map[K]V, g.half)
	}
	g.newer[k] = v
}
