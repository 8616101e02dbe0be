package main

// endedKept is how many ended requests a session's printer names for late
// answers: a long capture of cancelled requests keeps no entry each.
const endedKept = 256

// endedNames names the newest endedKept requests that ended before their
// answer came, by Seq.
type endedNames struct {
	names map[int64]string
	order []int64 // oldest first
}

// add names the request logged at seq, forgetting the oldest past
// endedKept.
func (e *endedNames) add(seq int64, name string) {
	if seq == 0 {
		return
	}
	if e.names == nil {
		e.names = map[int64]string{}
	}
	if _, ok := e.names[seq]; !ok {
		e.order = append(e.order, seq)
	}
	e.names[seq] = name
	if len(e.order) > endedKept {
		delete(e.names, e.order[0])
		e.order = e.order[1:]
	}
}

// name is the name of the ended request logged at seq, "" when it is not
// among the newest.
func (e *endedNames) name(seq int64) string { return e.names[seq] }
