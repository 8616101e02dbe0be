package main

import "time"

// endedKept is how many ended requests a session's printer names for late
// answers: a long capture of cancelled requests keeps no entry each.
const endedKept = 256

// endedNames names the newest endedKept requests that ended before their
// answer came, by Seq, with when each ended: a late answer says how long
// after.
type endedNames struct {
	names map[int64]endedName
	order []int64 // oldest first
}

// endedName is what endedNames keeps of one request.
type endedName struct {
	name string
	at   time.Time
}

// add names the request logged at seq, which ended at at, forgetting the
// oldest past endedKept.
func (e *endedNames) add(seq int64, name string, at time.Time) {
	if seq == 0 {
		return
	}
	if e.names == nil {
		e.names = map[int64]endedName{}
	}
	if _, ok := e.names[seq]; !ok {
		e.order = append(e.order, seq)
	}
	e.names[seq] = endedName{name, at}
	if len(e.order) > endedKept {
		delete(e.names, e.order[0])
		e.order = e.order[1:]
	}
}

// name is the name of the ended request logged at seq, "" when it is not
// among the newest.
func (e *endedNames) name(seq int64) string { return e.names[seq].name }

// endedAt is when the request logged at seq ended, zero when it is not
// among the newest.
func (e *endedNames) endedAt(seq int64) time.Time { return e.names[seq].at }
